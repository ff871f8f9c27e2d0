import { readFileSync } from "node:fs";
import { HANG_GUARD_MS, textResponse, toolCallResponse } from "@gong/testing";
import { gongSandbox, useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { RpcProcess, withTimeout } from "./harness.js";

const mock = useMockLlmServer();

function start(args: string[] = []) {
  const box = gongSandbox(mock.anthropicBaseUrl);
  return { box, rpc: RpcProcess.start(box, args) };
}

/** A prompt whose bash call sleeps 30 s, running now; the session file's path. */
async function sleepingToolCall(rpc: RpcProcess): Promise<string> {
  mock.enqueue([
    toolCallResponse([{ id: "toolu_1", name: "bash", arguments: { command: "sleep 30" } }]),
  ]);
  await rpc.request({ type: "prompt", message: "sleep please" });
  await rpc.waitFor((l) => l.type === "tool_execution_start");
  return ((await rpc.request({ type: "get_state" })).data as { sessionFile: string }).sessionFile;
}

describe("gong-rpc JSON lines — robustness", () => {
  it("names the problem of a malformed line, a non-object, a missing type, a bad id, and keeps serving", async () => {
    const { rpc } = start();
    rpc.write('{"type": "get_state"\n[1,2]\n{"id": 3}\n{"type":"get_state","id":{"x":1}}\n');
    await rpc.waitFor(() => rpc.ofType("response").length === 4);
    expect(rpc.ofType("response")).toEqual([
      expect.objectContaining({
        command: "parse",
        success: false,
        error: expect.stringContaining("invalid JSON"),
      }),
      expect.objectContaining({
        command: "parse",
        success: false,
        error: expect.stringContaining("JSON object"),
      }),
      expect.objectContaining({
        command: "parse",
        id: 3,
        success: false,
        error: expect.stringContaining('missing "type"'),
      }),
      expect.objectContaining({
        command: "get_state",
        success: false,
        error: '"id" must be a string or a number (got object)',
      }),
    ]);
    expect(await rpc.request({ type: "get_state" })).toMatchObject({ success: true });
  });

  it("1 000 malformed lines interleaved with valid commands: every line answered in order, none lost", async () => {
    const { rpc } = start();
    const bad = [
      "not json",
      '{"type":"nope"}',
      '{"type":"steer"}',
      '{"type":"set_thinking_level","level":7}',
      "{",
    ];
    let text = "";
    for (let i = 0; i < 1000; i++) {
      text += `${bad[i % bad.length]}\n`;
      if (i % 10 === 0) text += `${JSON.stringify({ type: "get_state", id: `ok-${i}` })}\n`;
    }
    rpc.write(text);
    await rpc.waitFor(() => rpc.ofType("response").length === 1100);
    const responses = rpc.ofType("response");
    expect(responses.filter((r) => r.success === false)).toHaveLength(1000);
    expect(responses.filter((r) => r.success === true).map((r) => r.id)).toEqual(
      Array.from({ length: 100 }, (_, i) => `ok-${i * 10}`),
    );
    // Every stdout line is exactly one JSON object.
    for (const raw of rpc.rawLines) expect(() => JSON.parse(raw)).not.toThrow();
    expect(await rpc.request({ type: "get_state" })).toMatchObject({ success: true });
    expect(await rpc.end()).toBe(0);
  });

  it("lines stay whole while events stream and commands are answered at the same time", async () => {
    const { rpc } = start();
    mock.enqueue([textResponse("z".repeat(20_000), { chunkSize: 3 })]);
    await rpc.request({ type: "prompt", message: "go" });
    const queries = Array.from({ length: 200 }, (_, i) =>
      rpc.request({ type: "get_state", id: `q${i}` }),
    );
    await Promise.all(queries);
    await rpc.waitFor((l) => l.type === "run_end");
    for (const raw of rpc.rawLines) expect(raw.startsWith("{") && raw.endsWith("}")).toBe(true);
    const text = rpc
      .ofType("message_update")
      .map((l) => (l.assistantMessageEvent as { delta?: string }).delta ?? "")
      .join("");
    expect(text).toBe("z".repeat(20_000));
  });

  it("EOF on stdin during a run aborts it, saves the session and exits 0", async () => {
    const { rpc } = start();
    mock.enqueue([textResponse("a long answer", { stallAfterEvents: 4 })]);
    await rpc.request({ type: "prompt", message: "keep me" });
    await rpc.waitFor((l) => l.type === "message_update");
    const file = ((await rpc.request({ type: "get_state" })).data as { sessionFile: string })
      .sessionFile;
    expect(await rpc.end()).toBe(0);
    expect(readFileSync(file, "utf8")).toContain("keep me");
  });

  it("EOF on stdin during a run with a 2 MB prompt still exits 0 (not 13, an unsettled await)", async () => {
    const { rpc } = start();
    mock.enqueue([textResponse("a long answer", { stallAfterEvents: 4 })]);
    const prompt = `${"a big paste ".repeat(200_000)}\nkeep me`;
    const file = ((await rpc.request({ type: "get_state" })).data as { sessionFile: string })
      .sessionFile;
    rpc.write(`${JSON.stringify({ type: "prompt", id: "big", message: prompt })}\n`);
    rpc.child.stdin.end();
    expect(await withTimeout(rpc.exited, HANG_GUARD_MS, "no exit after EOF")).toBe(0);
    expect(rpc.lines).toContainEqual(
      expect.objectContaining({ type: "response", id: "big", success: true }),
    );
    expect(readFileSync(file, "utf8")).toContain("keep me");
  });

  it("SIGTERM during a tool call ends the run, saves the session and exits 0", async () => {
    const { rpc } = start();
    const file = await sleepingToolCall(rpc);
    rpc.child.kill("SIGTERM");
    expect(await withTimeout(rpc.exited, HANG_GUARD_MS, "no exit after SIGTERM")).toBe(0);
    const stored = readFileSync(file, "utf8");
    expect(stored).toContain("sleep please");
    expect(stored).toContain("toolu_1");
  });

  it("SIGHUP (the editor's terminal closing) ends it as SIGTERM does — one exit guard for every app: session saved, exit 0", async () => {
    const { rpc } = start();
    const file = await sleepingToolCall(rpc);
    rpc.child.kill("SIGHUP");
    expect(await withTimeout(rpc.exited, HANG_GUARD_MS, "no exit after SIGHUP")).toBe(0);
    expect(readFileSync(file, "utf8")).toContain("toolu_1");
  });

  it("a client that stops reading (EPIPE) ends the server like EOF: session saved, exit 0", async () => {
    const { rpc } = start();
    const file = ((await rpc.request({ type: "get_state" })).data as { sessionFile: string })
      .sessionFile;
    rpc.child.stdout.destroy();
    mock.enqueue([textResponse("nobody reads this ".repeat(2000), { chunkSize: 4 })]);
    rpc.write(`${JSON.stringify({ type: "prompt", message: "talk to the void" })}\n`);
    expect(await withTimeout(rpc.exited, HANG_GUARD_MS, "no exit after EPIPE")).toBe(0);
    expect(readFileSync(file, "utf8")).toContain("talk to the void");
  });

  it("a startup failure says why on stderr and exits non-zero", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    const rpc = RpcProcess.start(box, ["--session", "ffffffff-none"]);
    expect(await withTimeout(rpc.exited, HANG_GUARD_MS, "no exit")).toBe(1);
    expect(rpc.stderr).toContain("gong-rpc:");
    const usage = RpcProcess.start(box, ["--thinking", "max"]);
    expect(await withTimeout(usage.exited, HANG_GUARD_MS, "no exit")).toBe(2);
    expect(usage.stderr).toContain("--thinking must be one of");
  });
});
