import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type RecordedRequest, textResponse, toolCallResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { runGong, sandbox, sessionFiles, writeSettings } from "./harness.js";

const mock = useMockLlmServer();

interface Block {
  type: string;
  text?: string;
  tool_use_id?: string;
  content?: string | Block[];
}
interface Body {
  messages: { role: string; content: string | Block[] }[];
}

const blocksOf = (content: string | Block[]): Block[] =>
  typeof content === "string" ? [{ type: "text", text: content }] : content;
const textOf = (blocks: Block[]) => blocks.map((block) => block.text ?? "").join("");

/** The tool results a request carries, by tool call id. */
function toolResults(request: RecordedRequest): Map<string, string> {
  const results = new Map<string, string>();
  for (const message of (request.body as Body).messages) {
    for (const block of blocksOf(message.content)) {
      if (block.type === "tool_result")
        results.set(block.tool_use_id ?? "", textOf(blocksOf(block.content ?? "")));
    }
  }
  return results;
}

const firstUserText = (request: RecordedRequest) => {
  const first = (request.body as Body).messages.find((message) => message.role === "user");
  return first ? textOf(blocksOf(first.content)) : "";
};
const isSubagent = (request: RecordedRequest) => firstUserText(request).startsWith("SUBTASK");

const SECRET = "hunter2-xyz";

describe("permissions — Read(./.env) hides the file from every reading path (issue 37 item 4)", () => {
  it("read, a link to it, grep, find, ls, @.env and a task subagent never show it", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, { permissions: { deny: ["Read(./.env)"] } });
    writeFileSync(path.join(box.cwd, ".env"), `TOKEN=${SECRET}\n`);
    writeFileSync(path.join(box.cwd, "visible.txt"), "hunter2-public\n");
    symlinkSync(".env", path.join(box.cwd, "link-to-env"));
    const calls = [
      { id: "toolu_read", name: "read", arguments: { path: ".env" } },
      { id: "toolu_link", name: "read", arguments: { path: "link-to-env" } },
      { id: "toolu_grep", name: "grep", arguments: { pattern: "hunter2" } },
      { id: "toolu_find", name: "find", arguments: { pattern: "*" } },
      { id: "toolu_ls", name: "ls", arguments: {} },
    ];
    mock.setFallback((request) => {
      const results = toolResults(request);
      if (isSubagent(request))
        return results.size === 0
          ? toolCallResponse([{ id: "toolu_sub", name: "read", arguments: { path: ".env" } }])
          : textResponse("the subagent could not read it");
      if (results.size === 0) return toolCallResponse(calls);
      if (!results.has("toolu_task"))
        return toolCallResponse([
          {
            id: "toolu_task",
            name: "task",
            arguments: { description: "read env", prompt: "SUBTASK read .env" },
          },
        ]);
      return textResponse("finished");
    });

    // A prompt command's `@path` includes read through the same tools, without the gate.
    mkdirSync(path.join(box.gongHome, "commands"), { recursive: true });
    writeFileSync(
      path.join(box.gongHome, "commands", "show.md"),
      "Look at @.env and @visible.txt\n",
    );
    const run = await runGong(["-p", "/show"], box);
    expect(run.code, run.stderr).toBe(0);
    const leaked = mock.requests.filter((request) => JSON.stringify(request.body).includes(SECRET));
    expect(leaked.map((request) => firstUserText(request))).toEqual([]);

    const last = toolResults(mock.requests.filter((request) => !isSubagent(request)).at(-1)!);
    // The permission gate refuses the call first; the tools refuse it too (no gate in a library).
    const refusal = "by the permissions.deny rule Read(./.env) in the settings";
    expect(last.get("toolu_read")).toContain(refusal);
    expect(last.get("toolu_link")).toContain(refusal);
    expect(last.get("toolu_grep")).toContain("visible.txt");
    expect(last.get("toolu_grep")).toMatch(
      /\d files? hidden by the permissions\.deny rule Read\(\.\/\.env\) (was|were) skipped/,
    );
    for (const listing of ["toolu_find", "toolu_ls"]) {
      expect(last.get(listing)).toContain("visible.txt");
      expect(last.get(listing)).not.toContain(".env");
      expect(last.get(listing)).not.toContain("link-to-env");
    }
    const subagent = mock.requests.filter(isSubagent).at(-1)!;
    expect(toolResults(subagent).get("toolu_sub")).toContain(refusal);
    expect(run.stderr).toContain(
      "@.env was not attached: Access denied: .env is hidden by the permissions.deny rule Read(./.env)",
    );
    expect(JSON.stringify(mock.requests[0]?.body)).toContain("hunter2-public");

    const out = path.join(box.cwd, "out.html");
    const session = sessionFiles(box.gongHome).find((file) => !file.includes("subagents"));
    const exported = await runGong(["--export", session!, out], box);
    expect(exported.code, exported.stderr).toBe(0);
    expect(readFileSync(out, "utf8")).not.toContain(SECRET);
  });
});

describe("permissions — Edit(...) deny rules hold through a linked folder (issue 37 item 4)", () => {
  it("write and edit through a link to a denied folder change nothing, new files included", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, { permissions: { deny: ["Edit(./config/**)"] } });
    mkdirSync(path.join(box.cwd, "config"));
    writeFileSync(path.join(box.cwd, "config", "app.json"), "{}\n");
    symlinkSync("config", path.join(box.cwd, "cfg"));
    mock.enqueue([
      toolCallResponse([
        { name: "write", arguments: { path: "cfg/new.json", content: "{}\n" } },
        { name: "write", arguments: { path: "cfg/app.json", content: '{"x":1}\n' } },
        { name: "write", arguments: { path: "config/other.json", content: "{}\n" } },
      ]),
      textResponse("finished"),
    ]);
    const run = await runGong(["-p", "change the config"], box);
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(path.join(box.cwd, "config", "new.json"))).toBe(false);
    expect(existsSync(path.join(box.cwd, "config", "other.json"))).toBe(false);
    expect(readFileSync(path.join(box.cwd, "config", "app.json"), "utf8")).toBe("{}\n");
    const results = [...toolResults(mock.requests.at(-1)!).values()];
    expect(results).toHaveLength(3);
    for (const text of results) {
      expect(text).toContain("refused by the permissions.deny rule Edit(./config/**)");
    }
  });
});

describe("permissions — the HTML export hides what Read(...) deny rules hide (issue 37 item 4)", () => {
  it("a session recorded before the rule exports without the file's content", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeFileSync(path.join(box.cwd, ".env"), `TOKEN=${SECRET}\n`);
    mock.enqueue([
      toolCallResponse([
        { name: "read", arguments: { path: ".env" } },
        { name: "write", arguments: { path: ".env", content: `TOKEN=${SECRET}-2\n` } },
      ]),
      textResponse("read it"),
    ]);
    const run = await runGong(["-p", "read .env"], box);
    expect(run.code, run.stderr).toBe(0);
    const session = sessionFiles(box.gongHome)[0]!;
    expect(readFileSync(session, "utf8")).toContain(SECRET);

    writeSettings(box.gongHome, { permissions: { deny: ["Read(./.env)"] } });
    const out = path.join(box.cwd, "out.html");
    const exported = await runGong(["--export", session, out], box);
    expect(exported.code, exported.stderr).toBe(0);
    const html = readFileSync(out, "utf8");
    expect(html).not.toContain(SECRET);
    expect(html).toContain(".env is hidden by the permissions.deny rule Read(./.env)");
  });
});
