import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { textResponse, toolCallResponse } from "@gong/testing";
import { gongSandbox, sessionFiles, useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { type Line, RpcProcess, writeJson } from "./harness.js";

const mock = useMockLlmServer();

function start(args: string[] = [], env: NodeJS.ProcessEnv = {}) {
  const box = gongSandbox(mock.anthropicBaseUrl, env);
  return { box, rpc: RpcProcess.start(box, args) };
}

/** Sends a prompt and waits for its run to end. */
async function promptAndWait(rpc: RpcProcess, message: string): Promise<Line> {
  const before = rpc.ofType("run_end").length;
  const response = await rpc.request({ type: "prompt", message });
  expect(response).toMatchObject({ success: true, command: "prompt" });
  await rpc.waitFor(() => rpc.ofType("run_end").length > before);
  return rpc.ofType("run_end").at(-1)!;
}

const data = (line: Line) => line.data as Record<string, unknown>;

describe("gong-rpc JSON lines — every command, success and failure", () => {
  it("starts with the session header line, as the CLI's json mode does", async () => {
    const { rpc, box } = start();
    const header = await rpc.waitFor((line) => line.type === "session");
    expect(header).toMatchObject({ version: 1, cwd: box.cwd });
    expect(await rpc.end()).toBe(0);
  });

  it("prompt runs the agent and streams its events; a missing message is refused", async () => {
    const { rpc } = start();
    mock.enqueue([textResponse("Hello from the model.")]);
    const end = await promptAndWait(rpc, "hi");
    expect(end).toMatchObject({ type: "run_end", ok: true, aborted: false });
    const text = rpc
      .ofType("message_update")
      .map((l) => (l.assistantMessageEvent as { delta?: string }).delta ?? "")
      .join("");
    expect(text).toBe("Hello from the model.");
    expect(await rpc.request({ type: "prompt" })).toMatchObject({
      success: false,
      command: "prompt",
      error: '"message" is required',
    });
    expect(
      await rpc.request({ type: "prompt", message: "x", images: [{ type: "image" }] }),
    ).toMatchObject({
      success: false,
      error: expect.stringContaining('"images" [0] must be'),
    });
  });

  it("prompt with images sends them to the model", async () => {
    const { rpc } = start();
    mock.enqueue([textResponse("a red pixel")]);
    const png =
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
    const before = rpc.ofType("run_end").length;
    await rpc.request({
      type: "prompt",
      message: "what is this?",
      images: [{ type: "image", data: png, mimeType: "image/png" }],
    });
    await rpc.waitFor(() => rpc.ofType("run_end").length > before);
    expect(JSON.stringify(mock.requests[0]?.body)).toContain(png.slice(0, 20));
  });

  it("get_state reports model, thinking, streaming, session, counts and auto-compaction", async () => {
    const { rpc } = start(["--thinking", "low"]);
    mock.enqueue([textResponse("ok")]);
    await promptAndWait(rpc, "hi");
    const state = data(await rpc.request({ type: "get_state" }));
    expect(state).toMatchObject({
      model: { provider: "anthropic" },
      thinkingLevel: "low",
      isStreaming: false,
      messageCount: 2,
      pendingMessageCount: 0,
      autoCompaction: true,
    });
    const header = rpc.ofType("session")[0]!;
    expect(state.sessionId).toBe(header.id);
    expect(existsSync(state.sessionFile as string)).toBe(true);
  });

  it("new_session writes no file until the first message (issue 22.6)", async () => {
    const { rpc, box } = start();
    for (let i = 0; i < 2; i++) {
      expect(await rpc.request({ type: "new_session" })).toMatchObject({ success: true });
    }
    expect(sessionFiles(box.gongHome)).toEqual([]);
    mock.enqueue([textResponse("answer")]);
    await promptAndWait(rpc, "the first message");
    const file = data(await rpc.request({ type: "get_state" })).sessionFile as string;
    expect(sessionFiles(box.gongHome)).toEqual([file]);
    expect(readFileSync(file, "utf8")).toContain("the first message");
  });

  it("get_messages returns the conversation with entry ids; the session file holds the same", async () => {
    const { rpc, box } = start();
    mock.enqueue([
      toolCallResponse([{ id: "toolu_1", name: "ls", arguments: {} }]),
      textResponse("done"),
    ]);
    await promptAndWait(rpc, "list");
    const live = data(await rpc.request({ type: "get_messages" })) as {
      messages: unknown[];
      entryIds: string[];
    };
    expect(live.messages).toHaveLength(4);
    const file = data(await rpc.request({ type: "get_state" })).sessionFile as string;
    const stored = readFileSync(file, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { type: string; id: string })
      .filter((e) => e.type === "message");
    expect(stored.map((e) => e.id)).toEqual(live.entryIds);
    expect(await rpc.end()).toBe(0);
    // What the file holds, as a session opened from it sees it.
    const reopened = RpcProcess.start(box, ["--session", file]);
    expect(data(await reopened.request({ type: "get_messages" }))).toEqual(live);
  });

  it("set_model switches to another provider's model, whose key is used; an unknown provider is refused", async () => {
    const { rpc } = start([], {
      OPENAI_API_KEY: "sk-openai-test",
      OPENAI_BASE_URL: mock.openaiBaseUrl,
    });
    const switched = await rpc.request({
      type: "set_model",
      provider: "openai",
      modelId: "gpt-4o-mini",
    });
    expect(switched).toMatchObject({
      success: true,
      data: { provider: "openai", id: "gpt-4o-mini" },
    });
    mock.enqueue([textResponse("from openai")]);
    await promptAndWait(rpc, "hi");
    expect(mock.requests[0]!.wire).toMatch(/^openai/);
    expect(mock.requests[0]!.headers.authorization).toBe("Bearer sk-openai-test");
    const refused = await rpc.request({ type: "set_model", provider: "nope", modelId: "x" });
    expect(refused).toMatchObject({
      success: false,
      command: "set_model",
      error: expect.stringContaining('Unknown provider "nope"'),
    });
    expect(await rpc.request({ type: "set_model", provider: "openai" })).toMatchObject({
      success: false,
      error: '"modelId" is required',
    });
    expect(data(await rpc.request({ type: "get_state" })).model).toMatchObject({
      provider: "openai",
    });
  });

  it("set_model and set_thinking_level are remembered in the user settings for the next start (issue 22.9)", async () => {
    const { rpc, box } = start([], { OPENAI_API_KEY: "sk-openai-test" });
    expect(
      await rpc.request({ type: "set_model", provider: "openai", modelId: "gpt-5.4-mini" }),
    ).toMatchObject({ success: true });
    expect(await rpc.request({ type: "set_thinking_level", level: "low" })).toMatchObject({
      success: true,
    });
    expect(await rpc.end()).toBe(0);
    expect(JSON.parse(readFileSync(path.join(box.gongHome, "settings.json"), "utf8"))).toEqual({
      defaultProvider: "openai",
      defaultModel: "gpt-5.4-mini",
      defaultThinkingLevel: "low",
    });
    const next = RpcProcess.start(box, []);
    expect(data(await next.request({ type: "get_state" }))).toMatchObject({
      model: { provider: "openai", id: "gpt-5.4-mini" },
      thinkingLevel: "low",
    });
  });

  it("get_available_models lists models with key status", async () => {
    const { rpc } = start();
    const { models } = data(await rpc.request({ type: "get_available_models" })) as {
      models: { provider: string; hasKey: boolean }[];
    };
    expect(models.find((m) => m.provider === "anthropic")?.hasKey).toBe(true);
  });

  it("set_thinking_level changes the level; an unknown level is refused", async () => {
    const { rpc } = start();
    expect(await rpc.request({ type: "set_thinking_level", level: "high" })).toMatchObject({
      success: true,
    });
    expect(data(await rpc.request({ type: "get_state" })).thinkingLevel).toBe("high");
    expect(await rpc.request({ type: "set_thinking_level", level: "max" })).toMatchObject({
      success: false,
      error: expect.stringContaining(
        '"level" must be one of "off", "minimal", "low", "medium", "high"',
      ),
    });
  });

  it("compact summarises with the given focus; with nothing to compact it fails with the reason", async () => {
    const { rpc, box } = start();
    expect(await rpc.request({ type: "compact" })).toMatchObject({
      success: false,
      command: "compact",
      error: "Nothing old enough to compact yet.",
    });
    await rpc.end();
    writeJson(path.join(box.gongHome, "settings.json"), { compaction: { keepRecentTokens: 1 } });
    const again = RpcProcess.start(box, ["-c"]);
    mock.enqueue([textResponse(`a1 ${"x ".repeat(300)}`), textResponse(`a2 ${"y ".repeat(300)}`)]);
    await promptAndWait(again, "q1");
    await promptAndWait(again, "q2");
    mock.enqueue([textResponse("## Goal\nsummary-9f2")]);
    const compacted = await again.request({
      type: "compact",
      customInstructions: "keep the API names",
    });
    expect(compacted).toMatchObject({
      success: true,
      data: { summary: expect.stringContaining("summary-9f2") },
    });
    expect(JSON.stringify(mock.requests.at(-1)?.body)).toContain(
      "Additional focus: keep the API names",
    );
    expect(again.ofType("compaction_end")).toHaveLength(1);
  });

  it("compact on a short session compacts everything before the last user turn (issue 22.4)", async () => {
    const { rpc } = start();
    mock.enqueue([textResponse("a1"), textResponse("a2"), textResponse("a3")]);
    for (const question of ["q-one", "q-two", "q-three"]) await promptAndWait(rpc, question);
    mock.enqueue([textResponse("## Goal\nsummary-22-4")]);
    const compacted = await rpc.request({ type: "compact" });
    expect(compacted).toMatchObject({
      success: true,
      // q-one, a1, q-two, a2 went into the summary; nothing kept needed cutting (issue 34.5).
      data: { summary: expect.stringContaining("summary-22-4"), summarised: 4, shortened: 0 },
    });
    const summarised = JSON.stringify(mock.requests.at(-1)?.body);
    expect(summarised).toContain("q-two");
    expect(summarised).not.toContain("q-three");
  });

  it("set_auto_compaction switches it; a non-boolean is refused", async () => {
    const { rpc } = start();
    expect(await rpc.request({ type: "set_auto_compaction", enabled: false })).toMatchObject({
      success: true,
    });
    expect(data(await rpc.request({ type: "get_state" })).autoCompaction).toBe(false);
    expect(await rpc.request({ type: "set_auto_compaction", enabled: "no" })).toMatchObject({
      success: false,
      error: '"enabled" must be a boolean (got string)',
    });
  });

  it("new_session starts an empty session and announces its header", async () => {
    const { rpc } = start();
    mock.enqueue([textResponse("ok")]);
    await promptAndWait(rpc, "hi");
    const first = rpc.ofType("session")[0]!;
    const created = await rpc.request({ type: "new_session" });
    expect(created).toMatchObject({ success: true });
    expect(data(created).sessionId).not.toBe(first.id);
    expect(rpc.ofType("session").at(-1)!.id).toBe(data(created).sessionId);
    expect(data(await rpc.request({ type: "get_state" })).messageCount).toBe(0);
  });

  it("switch_session opens a stored session; an unknown one fails and changes nothing", async () => {
    const { rpc } = start();
    mock.enqueue([textResponse("stored")]);
    await promptAndWait(rpc, "remember");
    const file = data(await rpc.request({ type: "get_state" })).sessionFile as string;
    await rpc.request({ type: "new_session" });
    const switched = await rpc.request({ type: "switch_session", sessionPath: file });
    expect(switched).toMatchObject({ success: true, data: { sessionFile: file } });
    expect(data(await rpc.request({ type: "get_state" })).messageCount).toBe(2);
    const missing = await rpc.request({ type: "switch_session", sessionPath: "/nowhere/x.jsonl" });
    expect(missing).toMatchObject({
      success: false,
      command: "switch_session",
      error: expect.stringContaining("No session file"),
    });
    expect(data(await rpc.request({ type: "get_state" })).sessionFile).toBe(file);
  });

  it("fork continues in a new file from an entry; an unknown entry fails", async () => {
    const { rpc } = start();
    mock.enqueue([textResponse("a1"), textResponse("a2")]);
    await promptAndWait(rpc, "q1");
    await promptAndWait(rpc, "q2");
    const { entryIds } = data(await rpc.request({ type: "get_messages" })) as {
      entryIds: string[];
    };
    const before = data(await rpc.request({ type: "get_state" })).sessionFile;
    const forked = await rpc.request({ type: "fork", entryId: entryIds[1] });
    expect(forked).toMatchObject({ success: true });
    expect(data(forked).sessionFile).not.toBe(before);
    expect(data(await rpc.request({ type: "get_state" })).messageCount).toBe(2);
    expect(await rpc.request({ type: "fork", entryId: "nope" })).toMatchObject({
      success: false,
      command: "fork",
    });
  });

  it("get_session_stats counts tokens, cost and tool calls", async () => {
    const { rpc } = start();
    mock.enqueue([
      toolCallResponse([{ id: "toolu_1", name: "ls", arguments: {} }], {
        usage: { input: 100, output: 20 },
      }),
      textResponse("done", { usage: { input: 150, output: 10 } }),
    ]);
    await promptAndWait(rpc, "list");
    const stats = data(await rpc.request({ type: "get_session_stats" }));
    expect(stats).toMatchObject({
      toolCalls: 1,
      tokens: { input: 250, output: 30 },
      messages: { total: 4 },
    });
    expect(stats.cost).toBeGreaterThan(0);
    // Issue 35.13: the same totals per model (subagents included), as /usage shows them.
    expect(stats.models).toEqual([
      expect.objectContaining({
        input: 250,
        output: 30,
        answers: 2,
        cost: stats.cost,
        subagents: { runs: 0, totalTokens: 0, cost: 0 },
      }),
    ]);
    expect((stats.models as { model: string }[])[0]!.model).toMatch(/^anthropic\//);
    expect(stats.contextWindow).toBeGreaterThan(0);
  });

  it("export_html writes the page; an unwritable path fails under export_html", async () => {
    const { rpc, box } = start();
    mock.enqueue([textResponse("exported answer")]);
    await promptAndWait(rpc, "hi");
    const out = await rpc.request({ type: "export_html", outputPath: "session.html" });
    expect(out).toMatchObject({
      success: true,
      data: { path: path.join(box.cwd, "session.html") },
    });
    expect(readFileSync(path.join(box.cwd, "session.html"), "utf8")).toContain("exported answer");
    // A missing folder: the write throws, and the error names the command.
    const failed = await rpc.request({ type: "export_html", outputPath: "missing/x.html" });
    expect(failed).toMatchObject({
      success: false,
      command: "export_html",
      error: expect.stringContaining("ENOENT"),
    });
  });

  it("export_html onto an existing file fails and keeps it; overwrite: true replaces it", async () => {
    const { rpc, box } = start();
    mock.enqueue([textResponse("exported answer")]);
    await promptAndWait(rpc, "hi");
    const out = path.join(box.cwd, "notes.html");
    writeFileSync(out, "my own notes\n");
    const refused = await rpc.request({ type: "export_html", outputPath: "notes.html" });
    expect(refused).toMatchObject({
      success: false,
      command: "export_html",
      error: `${out} already exists; remove it or pick another output path.`,
    });
    expect(readFileSync(out, "utf8")).toBe("my own notes\n");
    const replaced = await rpc.request({
      type: "export_html",
      outputPath: "notes.html",
      overwrite: true,
    });
    expect(replaced).toMatchObject({ success: true, data: { path: out } });
    expect(readFileSync(out, "utf8")).toContain("exported answer");
  });

  it("bash runs the user's command and the model sees its output; a non-string command is refused", async () => {
    const { rpc } = start();
    const ran = await rpc.request({ type: "bash", command: "echo user-ran-this" });
    expect(ran).toMatchObject({ success: true, data: { result: { data: { exit_code: 0 } } } });
    expect(JSON.stringify(data(ran).result)).toContain("user-ran-this");
    mock.enqueue([textResponse("I see it")]);
    await promptAndWait(rpc, "what did I run?");
    expect(JSON.stringify(mock.requests[0]?.body)).toContain("user-ran-this");
    expect(await rpc.request({ type: "bash", command: 42 })).toMatchObject({
      success: false,
      error: '"command" must be a string (got number)',
    });
  });

  it("security — the user's own bash does not get gong's provider API keys either", async () => {
    const { rpc } = start([], { OPENAI_API_KEY: "sk-openai-secret" });
    const ran = await rpc.request({
      type: "bash",
      command: 'echo "keys:[$ANTHROPIC_API_KEY][$OPENAI_API_KEY]"',
    });
    expect(JSON.stringify(data(ran).result)).toContain("keys:[][]");
  });

  it("extension_ui_response for no open request fails", async () => {
    const { rpc } = start();
    expect(
      await rpc.request({ type: "extension_ui_response", requestId: "confirm-9", confirmed: true }),
    ).toMatchObject({
      success: false,
      error: expect.stringContaining('no open extension_ui_request with id "confirm-9"'),
    });
  });
});
