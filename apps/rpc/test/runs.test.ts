import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { liveProcessesInGroup, textResponse, toolCallResponse } from "@gong/testing";
import { gongSandbox, useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { type Line, RpcProcess, waitUntil, writeJson } from "./harness.js";

const mock = useMockLlmServer();

function start(args: string[] = []) {
  const box = gongSandbox(mock.anthropicBaseUrl);
  return { box, rpc: RpcProcess.start(box, args) };
}

const userTexts = (body: unknown): string[] =>
  ((body as { messages: { role: string; content: unknown }[] }).messages ?? [])
    .filter((m) => m.role === "user")
    .map((m) => JSON.stringify(m.content));

describe("gong-rpc JSON lines — runs: steer, follow-up, abort, events", () => {
  it("steer during a run interrupts the running tool and reaches the model next", async () => {
    const { rpc } = start();
    mock.enqueue([
      toolCallResponse([{ id: "toolu_sleep", name: "bash", arguments: { command: "sleep 5" } }]),
      textResponse("Understood, looking at b.ts instead."),
    ]);
    await rpc.request({ type: "prompt", message: "run the slow thing" });
    await rpc.waitFor((l) => l.type === "tool_execution_start");
    const refused = await rpc.request({ type: "prompt", message: "another" });
    expect(refused).toMatchObject({
      success: false,
      command: "prompt",
      error: expect.stringContaining('"streamingBehavior": "steer"'),
    });
    expect(await rpc.request({ type: "steer", message: "stop, look at b.ts" })).toMatchObject({
      success: true,
    });
    const end = await rpc.waitFor((l) => l.type === "run_end");
    expect(end).toMatchObject({ ok: true });
    expect(userTexts(mock.requests[1]!.body).join()).toContain("stop, look at b.ts");
  });

  it("follow_up (and prompt with streamingBehavior followUp) runs after the current work", async () => {
    const { rpc } = start();
    mock.enqueue([
      toolCallResponse([{ id: "toolu_1", name: "bash", arguments: { command: "sleep 0.5" } }]),
      textResponse("first done"),
      textResponse("follow-ups done"),
    ]);
    await rpc.request({ type: "prompt", message: "first" });
    await rpc.waitFor((l) => l.type === "tool_execution_start");
    expect(await rpc.request({ type: "follow_up", message: "then this" })).toMatchObject({
      success: true,
    });
    expect(
      await rpc.request({ type: "prompt", message: "and this", streamingBehavior: "followUp" }),
    ).toMatchObject({ success: true, data: { delivered: "followUp" } });
    const state = (await rpc.request({ type: "get_state" })).data as Record<string, unknown>;
    expect(state).toMatchObject({
      isStreaming: true,
      pendingMessages: { steering: 0, followUp: 2 },
    });
    await rpc.waitFor((l) => l.type === "run_end");
    // Both queued messages are taken together once the first work is done.
    expect(mock.requests).toHaveLength(3);
    expect(userTexts(mock.requests[1]!.body).join()).not.toContain("then this");
    expect(userTexts(mock.requests[2]!.body).join()).toContain("then this");
    expect(userTexts(mock.requests[2]!.body).join()).toContain("and this");
  });

  it("while a run is in progress, session switches and the user's bash are refused; wrong fields name themselves", async () => {
    const { rpc } = start();
    mock.enqueue([
      toolCallResponse([{ id: "toolu_1", name: "bash", arguments: { command: "sleep 1" } }]),
      textResponse("done"),
    ]);
    await rpc.request({ type: "prompt", message: "wait" });
    await rpc.waitFor((l) => l.type === "tool_execution_start");
    for (const type of ["new_session", "fork"]) {
      const refused = await rpc.request({ type, entryId: "x" });
      expect(refused).toMatchObject({
        success: false,
        command: type,
        error: expect.stringContaining("A run is in progress"),
      });
    }
    expect(await rpc.request({ type: "bash", command: "true" })).toMatchObject({
      success: false,
      command: "bash",
      error: expect.stringContaining("A run is in progress"),
    });
    expect(await rpc.request({ type: "steer", message: 1 })).toMatchObject({
      success: false,
      error: '"message" must be a string (got number)',
    });
    expect(await rpc.request({ type: "follow_up" })).toMatchObject({
      success: false,
      error: '"message" is required',
    });
    await rpc.waitFor((l) => l.type === "run_end");
  });

  it("the busy rule has one wording: prompt, session switches and bash refuse a busy session alike", async () => {
    const { rpc } = start();
    mock.enqueue([
      toolCallResponse([{ id: "toolu_1", name: "bash", arguments: { command: "sleep 1" } }]),
      textResponse("done"),
    ]);
    await rpc.request({ type: "prompt", message: "wait" });
    await rpc.waitFor((l) => l.type === "tool_execution_start");
    const rule = "A run is in progress: steer it, queue a follow-up, or abort it first.";
    for (const command of [
      { type: "new_session" },
      { type: "switch_session", sessionPath: "x" },
      { type: "fork", entryId: "x" },
      { type: "bash", command: "true" },
    ]) {
      expect(await rpc.request(command)).toMatchObject({ success: false, error: rule });
    }
    // The same rule, then how this protocol delivers a prompt into the run.
    const prompt = await rpc.request({ type: "prompt", message: "another" });
    expect(prompt).toMatchObject({
      success: false,
      error: `${rule} To deliver the message into the run, send it with "streamingBehavior": "steer" or "followUp".`,
    });
    await rpc.waitFor((l) => l.type === "run_end");
  });

  it("abort during a long bash ends the run and kills its whole process tree", async () => {
    const { rpc, box } = start();
    // The shell starts a child that records its process group, then both sleep.
    const command = "sh -c 'ps -o pgid= -p $$ > group.txt; sleep 30' & sleep 30";
    mock.enqueue([toolCallResponse([{ id: "toolu_long", name: "bash", arguments: { command } }])]);
    await rpc.request({ type: "prompt", message: "start the long job" });
    const groupFile = path.join(box.cwd, "group.txt");
    await waitUntil(() => existsSync(groupFile) && readFileSync(groupFile, "utf8").trim() !== "");
    const pgid = Number(readFileSync(groupFile, "utf8").trim());
    expect(liveProcessesInGroup(pgid).length).toBeGreaterThan(0);
    expect(await rpc.request({ type: "abort" })).toMatchObject({ success: true, command: "abort" });
    const end = await rpc.waitFor((l) => l.type === "run_end");
    expect(end).toMatchObject({ ok: false, aborted: true });
    await waitUntil(() => liveProcessesInGroup(pgid).length === 0);
    // Still serving.
    expect(await rpc.request({ type: "get_state" })).toMatchObject({
      success: true,
      data: { isStreaming: false },
    });
  });

  it("abort drops the queued steer and follow-up messages and says which (issue 22.5)", async () => {
    const { rpc } = start();
    mock.enqueue([
      toolCallResponse([{ id: "toolu_long", name: "bash", arguments: { command: "sleep 30" } }]),
      textResponse("next answer"),
    ]);
    await rpc.request({ type: "prompt", message: "start the long job" });
    await rpc.waitFor((l) => l.type === "tool_execution_start");
    await rpc.request({ type: "follow_up", message: "queued follow-up" });
    expect(await rpc.request({ type: "abort" })).toMatchObject({
      success: true,
      data: { dropped: { steering: [], followUp: ["queued follow-up"] } },
    });
    await rpc.waitFor((l) => l.type === "run_end");
    expect(await rpc.request({ type: "get_state" })).toMatchObject({
      data: { pendingMessageCount: 0 },
    });
    // The next prompt is answered alone: the dropped follow-up is not sent after it.
    const before = rpc.ofType("run_end").length;
    await rpc.request({ type: "prompt", message: "a new question" });
    await rpc.waitFor(() => rpc.ofType("run_end").length > before);
    expect(mock.requests).toHaveLength(2);
    expect(userTexts(mock.requests[1]!.body).join()).not.toContain("queued follow-up");
  });

  it("abort also stops the user's own bash command", async () => {
    const { box, rpc } = start();
    // Aborted once it runs (a fixed pause raced the command's start on a loaded machine).
    const running = rpc.request({ type: "bash", command: "touch started && sleep 600" });
    await waitUntil(() => existsSync(path.join(box.cwd, "started")));
    expect(await rpc.request({ type: "abort" })).toMatchObject({ success: true });
    const ran = await running;
    expect(JSON.stringify(ran)).toMatch(/ABORTED|abort/i);
  });

  it("events arrive in order: agent_start, turn, message and tool events, agent_end, then run_end", async () => {
    const { rpc } = start();
    mock.enqueue([
      toolCallResponse([{ id: "toolu_1", name: "ls", arguments: {} }]),
      textResponse("done"),
    ]);
    await rpc.request({ type: "prompt", message: "list" });
    await rpc.waitFor((l) => l.type === "run_end");
    const types = rpc.lines
      .map((l: Line) => l.type)
      .filter((t) => t !== "response" && t !== "message_update" && t !== "session");
    expect(types).toEqual([
      "agent_start",
      "turn_start",
      "message_start",
      "message_end",
      "message_start",
      "message_end",
      "tool_execution_start",
      "tool_execution_end",
      "message_start",
      "message_end",
      "turn_end",
      "turn_start",
      "message_start",
      "message_end",
      "turn_end",
      "agent_end",
      "run_end",
    ]);
  });
});

describe("gong-rpc JSON lines — a hook's ask is a round trip to the client", () => {
  function askingHook(box: { cwd: string; gongHome: string }) {
    const hook = path.join(box.gongHome, "ask.sh");
    writeJson(path.join(box.gongHome, "settings.json"), {
      hooks: {
        PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: `sh ${hook}` }] }],
      },
    });
    // The user's own settings are trusted: no --trust needed for this hook.
    writeFileSync(
      hook,
      `echo '{"hookSpecificOutput":{"permissionDecision":"ask","permissionDecisionReason":"touches the disk"}}'\n`,
    );
  }

  it("the client confirms: the call runs", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    askingHook(box);
    const rpc = RpcProcess.start(box);
    mock.enqueue([
      toolCallResponse([
        { id: "toolu_1", name: "bash", arguments: { command: "echo ran > ran.txt" } },
      ]),
      textResponse("done"),
    ]);
    await rpc.request({ type: "prompt", message: "go" });
    const ask = await rpc.waitFor((l) => l.type === "extension_ui_request");
    expect(ask).toMatchObject({
      method: "confirm",
      toolName: "bash",
      toolCallId: "toolu_1",
      message: "touches the disk",
      input: { command: "echo ran > ran.txt" },
    });
    expect(
      await rpc.request({ type: "extension_ui_response", requestId: ask.id, confirmed: true }),
    ).toMatchObject({ success: true });
    await rpc.waitFor((l) => l.type === "run_end");
    expect(existsSync(path.join(box.cwd, "ran.txt"))).toBe(true);
  });

  it("no answer within --confirm-timeout denies the call", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    askingHook(box);
    const rpc = RpcProcess.start(box, ["--confirm-timeout", "0.3"]);
    mock.enqueue([
      toolCallResponse([
        { id: "toolu_1", name: "bash", arguments: { command: "echo ran > ran.txt" } },
      ]),
      textResponse("ok, not running it"),
    ]);
    await rpc.request({ type: "prompt", message: "go" });
    await rpc.waitFor((l) => l.type === "extension_ui_request");
    const end = await rpc.waitFor((l) => l.type === "tool_execution_end");
    expect(JSON.stringify(end)).toContain("the user did not confirm");
    expect(existsSync(path.join(box.cwd, "ran.txt"))).toBe(false);
  });
});
