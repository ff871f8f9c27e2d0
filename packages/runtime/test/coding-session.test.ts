import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { overflowResponse, textResponse, toolCallResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { createCodingSession } from "../src/index.js";
import { openSession, sessionSandbox, writeFile } from "./helpers.js";

const mock = useMockLlmServer();

function setup() {
  return { ...sessionSandbox(mock.anthropicBaseUrl) };
}

const open = openSession;

function fileLines(file: string): Record<string, unknown>[] {
  return readFileSync(file, "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe("CodingSession — persistence and resume", () => {
  it("persists every message as it ends and resume rebuilds the exact context", async () => {
    const where = setup();
    mock.enqueue([textResponse("one"), textResponse("two")]);
    const first = await open({ ...where, tools: [] });
    expect((await first.run(["q1", "q2"])).ok).toBe(true);
    const before = structuredClone(first.messages);
    const file = first.file.path!;
    await first.close();

    const entries = fileLines(file);
    expect(entries[0]).toMatchObject({ type: "session", id: first.file.header.id });
    expect(entries.filter((e) => e.type === "message")).toHaveLength(4);
    expect(entries.filter((e) => e.type === "model_change")).toHaveLength(1);

    const resumed = await open({ ...where, tools: [], session: { kind: "continue" } });
    expect(resumed.file.header.id).toBe(first.file.header.id);
    expect(resumed.messages).toEqual(before);
    expect(resumed.models.current.provider).toBe("anthropic");
    await resumed.close();
  });

  it("a compaction is saved with its first kept entry, and resume starts from the summary", async () => {
    const where = setup();
    writeFile(
      path.join(where.gongHome, "settings.json"),
      JSON.stringify({ compaction: { keepRecentTokens: 1 } }),
    );
    mock.enqueue([textResponse(`a1 ${"x ".repeat(300)}`), textResponse(`a2 ${"y ".repeat(300)}`)]);
    const session = await open({ ...where, tools: [] });
    expect((await session.run(["q1", "q2"])).ok).toBe(true);
    mock.enqueue([
      overflowResponse("anthropic"),
      textResponse("## Goal\nsummary-body-7c1"),
      textResponse("a3"),
    ]);
    const outcome = await session.run(["q3"]);
    expect(outcome.ok).toBe(true);
    const live = structuredClone(session.messages);
    const file = session.file.path!;
    await session.close();

    const compaction = fileLines(file).find((e) => e.type === "compaction");
    expect(compaction).toMatchObject({ summary: expect.stringContaining("summary-body-7c1") });
    const resumed = await open({ ...where, tools: [], session: { kind: "continue" } });
    // The summary message is rebuilt with the compaction entry's timestamp (which the
    // model never sees); everything else is identical.
    const withoutSummaryTime = (messages: readonly unknown[]) =>
      messages.map((m, i) => (i === 0 ? { ...(m as object), timestamp: 0 } : m));
    expect(withoutSummaryTime(resumed.messages)).toEqual(withoutSummaryTime(live));
    expect(JSON.stringify(resumed.messages[0])).toContain("summary-body-7c1");
    await resumed.close();
  });

  it("a prompt that fails reports one line and leaves the session loadable", async () => {
    const where = setup();
    writeFile(
      path.join(where.gongHome, "settings.json"),
      JSON.stringify({ retry: { maxRetries: 0 } }),
    );
    mock.enqueue({ type: "error", status: 500, message: "boom" });
    const session = await open({ ...where, tools: [] });
    const outcome = await session.run(["q"]);
    expect(outcome.ok).toBe(false);
    expect(outcome.errorMessage).toMatch(/boom/);
    expect(outcome.errorMessage).not.toContain("\n");
    await session.close();
    const reopened = await open({ ...where, tools: [], session: { kind: "continue" } });
    expect(reopened.messages[0]).toMatchObject({ role: "user", content: "q" });
    await reopened.close();
  });

  it("AGENTS.md edited between prompts is picked up before the next one", async () => {
    const where = setup();
    const agents = path.join(where.cwd, "AGENTS.md");
    writeFileSync(agents, "rule-one");
    mock.enqueue([textResponse("a"), textResponse("b")]);
    const session = await open({ ...where, tools: [], session: { kind: "none" } });
    await session.run(["q1"]);
    writeFileSync(agents, "rule-two");
    await session.run(["q2"]);
    await session.close();
    const systems = mock.requests.map((r) =>
      JSON.stringify((r.body as { system: unknown }).system),
    );
    expect(systems[0]).toContain("rule-one");
    expect(systems[1]).toContain("rule-two");
  });

  it("settings edited between prompts apply to the next one; the conversation carries over", async () => {
    const where = setup();
    mock.enqueue([textResponse("a"), textResponse("b")]);
    const session = await open(where);
    await session.run(["q1"]);
    writeFile(path.join(where.cwd, ".gong", "settings.json"), JSON.stringify({ tools: ["read"] }));
    await session.run(["q2"]);
    await session.close();
    expect(fileLines(session.file.path!).filter((e) => e.type === "message")).toHaveLength(4);
    const toolNames = (i: number) =>
      ((mock.requests[i]!.body as { tools?: { name: string }[] }).tools ?? []).map((t) => t.name);
    // The default preset: every tool but ask_user, which needs a host to answer, and task.
    expect(toolNames(0)).toHaveLength(12);
    expect(toolNames(0)).toContain("task");
    expect(toolNames(1)).toEqual(["read"]);
    const second = JSON.stringify((mock.requests[1]!.body as { messages: unknown }).messages);
    expect(second).toContain("q1");
    expect(session.messages).toHaveLength(4);
  });

  it("settings edited mid-session apply to the same agent: no second SessionStart, metrics kept", async () => {
    const where = setup();
    const log = path.join(where.cwd, "starts.log");
    const hooks = (extra: object) => ({
      hooks: {
        SessionStart: [{ hooks: [{ type: "command", command: `echo started >> ${log}` }] }],
        ...extra,
      },
    });
    writeFile(path.join(where.gongHome, "settings.json"), JSON.stringify(hooks({})));
    mock.enqueue([textResponse("a"), textResponse("b")]);
    const session = await open(where);
    const agent = session.agent;
    await session.run(["q1"]);
    expect(agent.metrics.session.llmCalls).toBe(1);
    const prompts = path.join(where.cwd, "prompts.log");
    writeFile(
      path.join(where.gongHome, "settings.json"),
      JSON.stringify({
        tools: ["read"],
        ...hooks({
          UserPromptSubmit: [{ hooks: [{ type: "command", command: `cat >> ${prompts}` }] }],
        }),
      }),
    );
    await session.run(["q2"]);
    await session.close();
    expect(session.agent).toBe(agent);
    expect(readFileSync(log, "utf8")).toBe("started\n");
    expect(readFileSync(prompts, "utf8")).toContain('"prompt":"q2"');
    expect(session.agent.metrics.session.llmCalls).toBe(2);
    const toolNames = ((mock.requests[1]!.body as { tools?: { name: string }[] }).tools ?? []).map(
      (t) => t.name,
    );
    expect(toolNames).toEqual(["read"]);
  });

  it("hook modules a settings reload brings run before the mode's question: it asks about the call as they left it", async () => {
    const where = setup();
    const asked: unknown[] = [];
    const ask = async (request: { input: unknown }) => {
      asked.push(request.input);
      return true;
    };
    mock.enqueue([
      textResponse("a"),
      toolCallResponse([{ name: "bash", arguments: { command: "echo one" } }]),
      textResponse("b"),
    ]);
    const session = await open({
      ...where,
      permissionMode: "ask",
      confirmToolCall: { ask, timeoutMs: 60_000 },
    });
    await session.run(["q1"]);
    writeFile(
      path.join(where.gongHome, "hooks", "rewrite.mjs"),
      'export default { name: "rewrite", beforeToolCall: (tool, params) => (tool === "bash" ? { params: { command: "echo two" } } : "ok") };\n',
    );
    writeFile(path.join(where.gongHome, "settings.json"), JSON.stringify({ autoCompaction: true }));
    await session.run(["q2"]);
    await session.close();
    expect(asked).toEqual([{ command: "echo two" }]);
    const result = JSON.stringify((mock.requests[2]!.body as { messages: unknown }).messages);
    expect(result).toContain("two");
  });

  it("--no-session keeps everything in memory", async () => {
    const where = setup();
    mock.enqueue(textResponse("a"));
    const session = await open({ ...where, tools: [], session: { kind: "none" } });
    expect(session.file.path).toBeUndefined();
    expect((await session.run(["q"])).ok).toBe(true);
    await session.close();
  });

  it("a locked session names the holder's pid", async () => {
    const where = setup();
    const holder = await open({ ...where, tools: [] });
    // The file (and its lock) exists from the first message on (issue 22.6).
    mock.enqueue(textResponse("a"));
    expect((await holder.run(["q"])).ok).toBe(true);
    const second = await createCodingSession({
      ...where,
      tools: [],
      session: { kind: "open", ref: holder.file.path! },
    });
    expect(second.ok).toBe(false);
    if (!second.ok) {
      expect(second.error.code).toBe("session_locked");
      expect(second.error.message).toContain(`pid ${process.pid}`);
    }
    await holder.close();
  });
});
