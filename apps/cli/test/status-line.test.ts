import { spawn } from "node:child_process";
import { textResponse, toolCallResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { StatusLine } from "../src/modes/status-line.js";
import { BIN, runGong, sandbox } from "./harness.js";

const mock = useMockLlmServer();
const CLEAR = "\r\x1b[2K";

function fakeTerminal(columns = 80) {
  const chunks: string[] = [];
  return { chunks, stream: { columns, write: (text: string) => chunks.push(text) } };
}

describe("print mode — the live status line (unit, fake terminal)", () => {
  it("shows the running tool with its key argument, elapsed time and retries", () => {
    let now = 1000;
    const { chunks, stream } = fakeTerminal();
    const status = new StatusLine(stream, () => now);
    status.start();
    expect(chunks.at(-1)).toBe(`${CLEAR}gong: waiting for the model · 0 s`);
    now += 3400;
    status.onEvent({
      type: "tool_execution_start",
      toolCallId: "t1",
      toolName: "bash",
      args: { command: "npm test -- --run" },
    });
    expect(chunks.at(-1)).toBe(`${CLEAR}gong: bash npm test -- --run · 3 s`);
    status.onEvent({
      type: "retry",
      attempt: 1,
      maxAttempts: 3,
      delayMs: 2000,
      errorKind: "rate_limit",
      errorMessage: "429",
    });
    expect(chunks.at(-1)).toBe(
      `${CLEAR}gong: rate limited; retrying in 2 s (attempt 1 of 3) · 3 s`,
    );
    status.stop();
    expect(chunks.at(-1)).toBe(CLEAR);
  });

  it("a line printed meanwhile goes above the status, which is drawn again", () => {
    const { chunks, stream } = fakeTerminal();
    const status = new StatusLine(stream, () => 0);
    status.start();
    status.print("gong: warning: x\n");
    expect(chunks.slice(-3)).toEqual([
      CLEAR,
      "gong: warning: x\n",
      `${CLEAR}gong: waiting for the model · 0 s`,
    ]);
    status.stop();
  });

  it("never wraps: the line is cut to the terminal width", () => {
    const { chunks, stream } = fakeTerminal(20);
    const status = new StatusLine(stream, () => 0);
    status.onEvent({
      type: "tool_execution_start",
      toolCallId: "t",
      toolName: "read",
      args: { path: "a/very/long/path/to/some/file.ts" },
    });
    expect(chunks.at(-1)).toBe(`${CLEAR}gong: read a/very/…`); // 19 columns: the last stays free
    status.stop();
  });
});

/** Runs gong with stdin, stdout and stderr on a pseudo-terminal (util-linux `script`). */
function runOnTerminal(args: string[], box: ReturnType<typeof sandbox>) {
  const command = [process.execPath, BIN, ...args].map((a) => `'${a}'`).join(" ");
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn("script", ["-qfec", command, "/dev/null"], { cwd: box.cwd, env: box.env });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, output }));
  });
}

describe("print mode — the live status line (end to end)", () => {
  it("on a terminal, shows the tool being run and clears the line before the answer", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue([
      toolCallResponse([{ id: "toolu_1", name: "bash", arguments: { command: "sleep 1.2" } }]),
      textResponse("All done."),
    ]);
    const run = await runOnTerminal(["-p", "run it"], box);
    expect(run.code).toBe(0);
    expect(run.output).toContain("gong: bash sleep 1.2 · ");
    // Cleared, then the answer alone on its line.
    expect(run.output.replace(/\r?\n$/, "").endsWith(`${CLEAR}All done.`)).toBe(true);
  });

  it("when stderr is not a terminal, nothing of the kind: stdout is the answer only", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue([
      toolCallResponse([{ id: "toolu_1", name: "bash", arguments: { command: "true" } }]),
      textResponse("All done."),
    ]);
    const run = await runGong(["-p", "run it"], box);
    expect(run.stdout).toBe("All done.\n");
    expect(run.stderr).toBe("");
  });
});
