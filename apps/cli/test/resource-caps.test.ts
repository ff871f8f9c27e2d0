import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { textResponse, toolCallResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { runGong, type Sandbox, sandbox } from "./harness.js";

const mock = useMockLlmServer();

/** The tool result the model got back in the second request, as sent. */
function toolResultSent(): { content: unknown; is_error?: boolean } {
  const body = mock.requests[1]!.body as { messages: { content: object[] }[] };
  return body.messages[2]!.content[0] as { content: unknown; is_error?: boolean };
}

function toolOutputFiles(box: Sandbox, prefix: string): string[] {
  const dir = path.join(box.cwd, ".tool-output");
  return readdirSync(dir)
    .filter((name) => name.startsWith(prefix))
    .map((name) => path.join(dir, name));
}

const CAP = 1_000_000;
/** Room for the line that says what was dropped. */
const NOTICE_ROOM = 1024;

describe("resources — bash's full-output log is capped (yes for 10 s wrote 4.35 GB)", () => {
  it("`yes` for a second leaves a log within TOOL_OUTPUT_MAX_FILE_BYTES: its head, what was dropped, its tail", async () => {
    const box = sandbox(mock.anthropicBaseUrl, { TOOL_OUTPUT_MAX_FILE_BYTES: String(CAP) });
    mock.enqueue([
      toolCallResponse([
        {
          id: "toolu_yes",
          name: "bash",
          arguments: { command: "echo FIRST-LINE; timeout 1 yes; echo LAST-LINE" },
        },
      ]),
      textResponse("done"),
    ]);
    const run = await runGong(["-p", "flood"], box);
    expect(run.code).toBe(0);
    const [log] = toolOutputFiles(box, "bash_");
    expect(log).toBeDefined();
    expect(statSync(log!).size).toBeLessThanOrEqual(CAP + NOTICE_ROOM);
    const text = readFileSync(log!, "utf8");
    expect(text.startsWith("FIRST-LINE\ny\ny\n")).toBe(true);
    expect(text.endsWith("y\nLAST-LINE\n")).toBe(true);
    expect(text).toMatch(/\[\.\.\. [\d,]+ bytes dropped here/);
    // The model is told the log is not the whole output.
    expect(JSON.stringify(toolResultSent().content)).toMatch(
      /\d+ bytes \([\d.]+MB\) dropped from the middle/,
    );
  });
});

describe("resources — bash's timeout has a maximum (1e12 was accepted)", () => {
  it("timeout over 3600 seconds is INVALID_PARAM and nothing runs", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue([
      toolCallResponse([
        { id: "toolu_t", name: "bash", arguments: { command: "touch ran.txt", timeout: 1e12 } },
      ]),
      textResponse("done"),
    ]);
    const run = await runGong(["-p", "wait forever"], box);
    expect(run.code).toBe(0);
    const result = toolResultSent();
    expect(result.is_error).toBe(true);
    expect(JSON.stringify(result.content)).toContain("Invalid parameters for bash (timeout)");
    expect(JSON.stringify(result.content)).toContain("3600");
    expect(readdirSync(box.cwd)).not.toContain("ran.txt");
  });
});

describe("resources — the truncator's spill files are capped too", () => {
  it("an edit whose diff is 1.2 MB spills a JSON and a text file each within TOOL_OUTPUT_MAX_FILE_BYTES", async () => {
    const box = sandbox(mock.anthropicBaseUrl, { TOOL_OUTPUT_MAX_FILE_BYTES: String(CAP) });
    writeFileSync(path.join(box.cwd, "small.txt"), "x\n");
    const newText = Array.from({ length: 12_000 }, (_, i) => `line ${i} ${"b".repeat(90)}`).join(
      "\n",
    );
    mock.enqueue([
      toolCallResponse([
        { id: "toolu_edit", name: "edit", arguments: { path: "small.txt", oldText: "x", newText } },
      ]),
      textResponse("done"),
    ]);
    const run = await runGong(["-p", "grow it"], box);
    expect(run.code).toBe(0);
    const spilled = toolOutputFiles(box, "tool_");
    expect(spilled.map((file) => path.extname(file)).sort()).toEqual([".json", ".txt"]);
    for (const file of spilled) {
      expect(statSync(file).size).toBeLessThanOrEqual(CAP + NOTICE_ROOM);
    }
    const json = JSON.parse(readFileSync(spilled.find((f) => f.endsWith(".json"))!, "utf8"));
    expect(json.status).toBe("success");
    const text = readFileSync(spilled.find((f) => f.endsWith(".txt"))!, "utf8");
    expect(text).toContain("line 0 ");
    expect(text).toContain("line 11999 ");
    expect(text).toMatch(/\[\.\.\. [\d,]+ bytes dropped here/);
  });
});
