import { textResponse, toolCallResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { type CodingSessionEvent, type CodingSessionOptions, SessionHost } from "../src/index.js";
import { openSession, sessionSandbox } from "./helpers.js";

const mock = useMockLlmServer();

async function openHost(options: CodingSessionOptions): Promise<SessionHost> {
  const opened = await SessionHost.open(options);
  if (!opened.ok) throw new Error(opened.error.message);
  return opened.host;
}

describe("SessionHost — the session an app talks to, replaceable", () => {
  it("newSession opens an empty session, keeps the model and the listeners", async () => {
    const where = sessionSandbox(mock.anthropicBaseUrl);
    const host = await openHost({ ...where, tools: [] });
    const events: CodingSessionEvent[] = [];
    host.subscribe((event) => events.push(event));
    mock.enqueue([textResponse("one"), textResponse("two")]);
    await host.current.prompt("q1");
    const firstFile = host.current.file.path;
    const switched = await host.newSession();
    expect(switched.ok).toBe(true);
    expect(host.current.file.path).not.toBe(firstFile);
    expect(host.current.messages).toHaveLength(0);
    await host.current.prompt("q2");
    expect(events.filter((e) => e.type === "agent_end")).toHaveLength(2);
    await host.close();
  });

  it("switchTo opens a stored session; the current one is a no-op; an unknown one changes nothing", async () => {
    const where = sessionSandbox(mock.anthropicBaseUrl);
    mock.enqueue([textResponse("stored answer")]);
    const stored = await openSession({ ...where, tools: [] });
    await stored.prompt("remember me");
    const storedFile = stored.file.path!;
    await stored.close();

    const host = await openHost({ ...where, tools: [] });
    expect((await host.switchTo(storedFile)).ok).toBe(true);
    expect(host.current.file.path).toBe(storedFile);
    expect(host.current.messages).toHaveLength(2);
    expect((await host.switchTo(storedFile)).ok).toBe(true);
    const missing = await host.switchTo("ffffffff-no-such");
    expect(missing.ok).toBe(false);
    expect(host.current.file.path).toBe(storedFile);
    await host.close();
  });

  it("fork opens a new file with the path up to the entry", async () => {
    const where = sessionSandbox(mock.anthropicBaseUrl);
    const host = await openHost({ ...where, tools: [] });
    mock.enqueue([textResponse("a1"), textResponse("a2")]);
    await host.current.prompt("q1");
    await host.current.prompt("q2");
    const firstAnswer = host.current.messages[1]!;
    const entryId = host.current.tree.entryIdOf(firstAnswer)!;
    const original = host.current.file.path;
    expect((await host.fork(entryId)).ok).toBe(true);
    expect(host.current.file.path).not.toBe(original);
    expect(host.current.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect((await host.fork("nope")).ok).toBe(false);
    await host.close();
  });
});

describe("CodingSession — editor commands", () => {
  it("runBash runs the user's command and adds its output to the context", async () => {
    const where = sessionSandbox(mock.anthropicBaseUrl);
    const session = await openSession({ ...where, tools: [] });
    const ran = await session.runBash("echo hello-from-user");
    expect(ran.result.data).toMatchObject({ exit_code: 0 });
    expect(JSON.stringify(session.messages.at(-1))).toContain("hello-from-user");
    mock.enqueue([textResponse("ok")]);
    await session.prompt("what did I run?");
    expect(JSON.stringify(mock.requests[0]?.body)).toContain("hello-from-user");
    await session.close();
  });

  it("switchModel resolves provider and id; an unknown provider changes nothing", async () => {
    const where = sessionSandbox(mock.anthropicBaseUrl);
    const session = await openSession({ ...where, tools: [] });
    const before = session.models.current;
    expect(session.models.switch("nope", "x")).toMatchObject({ ok: false });
    expect(session.models.current).toBe(before);
    const switched = session.models.switch("anthropic", "claude-opus-4-1");
    expect(switched.ok).toBe(true);
    expect(session.models.current.id).toBe("claude-opus-4-1");
    expect(session.models.available().some((m) => m.provider === "anthropic")).toBe(true);
    await session.close();
  });

  it("a run aborted while a tool runs ends aborted, not ok", async () => {
    const where = sessionSandbox(mock.anthropicBaseUrl);
    const session = await openSession({ ...where, tools: ["bash"] });
    mock.enqueue([
      toolCallResponse([{ id: "toolu_1", name: "bash", arguments: { command: "sleep 10" } }]),
    ]);
    const events: string[] = [];
    session.subscribe((event) => events.push(event.type));
    const running = session.prompt("sleep");
    while (!events.includes("tool_execution_start")) await new Promise((r) => setTimeout(r, 20));
    session.abort();
    expect(await running).toMatchObject({ ok: false, aborted: true });
    await session.close();
  });

  it("prompt while a run is in progress is refused with a clear error", async () => {
    const where = sessionSandbox(mock.anthropicBaseUrl);
    const session = await openSession({ ...where, tools: [] });
    mock.enqueue([textResponse("slow", { eventDelayMs: 20 })]);
    const first = session.prompt("one");
    const second = await session.prompt("two");
    expect(second).toMatchObject({
      ok: false,
      errorMessage: expect.stringContaining("in progress"),
    });
    expect((await first).ok).toBe(true);
    await session.close();
  });
});

describe("SessionHost.listSessions — what /resume offers", () => {
  it("lists this cwd's stored sessions with their first prompt", async () => {
    const where = sessionSandbox(mock.anthropicBaseUrl);
    const host = await openHost({ ...where, tools: [] });
    mock.enqueue([textResponse("a1"), textResponse("a2")]);
    await host.current.prompt("first session");
    await host.newSession();
    await host.current.prompt("second session");
    const sessions = await host.listSessions();
    // Newest first by modification time; two written in the same millisecond may tie.
    expect(sessions.map((s) => s.firstMessage).sort()).toEqual(["first session", "second session"]);
    await host.close();
  });
});
