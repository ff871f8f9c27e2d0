// J.9 2.x against the shared local mock server (real HTTP + the real Anthropic SSE wire
// format, parsed by @gong/llm's real `stream`), plus the same scenarios opt-in against
// the real API when ANTHROPIC_API_KEY is set (CI never sets it).
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { getModel, type Model, stream, type ToolResultMessage } from "@gong/llm";
import {
  authErrorResponse,
  type MockLlmServer,
  overflowResponse,
  rateLimitResponse,
  startMockLlmServer,
  textResponse,
  toolCallResponse,
} from "@gong/testing";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Agent, type AgentEvent } from "../src/index.js";
import { readFileTool } from "./helpers/tools.js";

let server: MockLlmServer;
let dir: string;
beforeAll(async () => {
  server = await startMockLlmServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(async () => {
  server.reset();
  dir = await mkdtemp(path.join(tmpdir(), "gong-e2e-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function mockClaude(): Model {
  return {
    id: "claude-sonnet-4-5",
    name: "Claude (mock)",
    api: "anthropic-messages",
    provider: "anthropic",
    baseUrl: server.anthropicBaseUrl,
    reasoning: false,
    input: ["text", "image"],
    cost: { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 },
    contextWindow: 200_000,
    maxTokens: 4096,
  };
}

function agentFor(model: Model, extra: Partial<ConstructorParameters<typeof Agent>[0]> = {}) {
  const agent = new Agent({
    model,
    streamFn: stream,
    cwd: dir,
    tools: [readFileTool()],
    streamOptions: { apiKey: "test-key", maxTokens: 256 },
    settings: { retry: { baseDelayMs: 5, maxDelayMs: 50 } },
    ...extra,
  });
  const events: AgentEvent[] = [];
  agent.subscribe((e) => events.push(e));
  return { agent, events };
}

const answerText = (agent: Agent) => JSON.stringify(agent.state.messages.at(-1)?.content);

describe("J.9 Agent integration — 2. Anthropic E2E (local mock server)", () => {
  it("2.1 text prompt: 'What is 2+2?' is answered with 4", async () => {
    server.enqueue(textResponse("2 + 2 = 4"));
    const { agent } = agentFor(mockClaude());
    await agent.prompt("What is 2+2?");
    expect(agent.state.error).toBeUndefined();
    expect(answerText(agent)).toContain("4");
    expect(server.requests[0]?.body).toMatchObject({ model: "claude-sonnet-4-5", stream: true });
  });

  it("2.2 tool call: arguments arrive, read runs, the result goes back", async () => {
    await writeFile(path.join(dir, "hello.txt"), "hello from disk");
    server.enqueue([
      toolCallResponse([{ id: "toolu_01", name: "read", arguments: { path: "hello.txt" } }]),
      textResponse("The file says hello from disk"),
    ]);
    const { agent } = agentFor(mockClaude());
    await agent.prompt("Read hello.txt");
    const result = agent.state.messages.find((m) => m.role === "toolResult") as ToolResultMessage;
    expect(result).toMatchObject({ toolCallId: "toolu_01", toolName: "read", isError: false });
    const second = JSON.stringify(server.requests[1]?.body);
    expect(second).toContain('"tool_use_id":"toolu_01"');
    expect(second).toContain("hello from disk");
    expect(answerText(agent)).toContain("hello from disk");
  });

  it("2.3 streaming events: start → updates (partial tool args) → end", async () => {
    server.enqueue([
      toolCallResponse(
        [{ id: "toolu_02", name: "read", arguments: { path: "a-rather-long-file-name.txt" } }],
        {
          chunkSize: 4,
        },
      ),
      textResponse("done streaming", { chunkSize: 3 }),
    ]);
    const { agent, events } = agentFor(mockClaude());
    await agent.prompt("stream please");
    const firstAssistant = events.findIndex(
      (e) => e.type === "message_start" && e.message.role === "assistant",
    );
    const firstEnd = events.findIndex(
      (e) => e.type === "message_end" && e.message.role === "assistant",
    );
    const updates = events
      .slice(firstAssistant, firstEnd)
      .filter((e) => e.type === "message_update");
    expect(firstAssistant).toBeGreaterThan(-1);
    expect(updates.length).toBeGreaterThan(2);
    const deltas = updates.filter(
      (e) => e.type === "message_update" && e.assistantMessageEvent.type === "toolcall_delta",
    );
    expect(deltas.length).toBeGreaterThan(1);
    const textDeltas = events.filter(
      (e) => e.type === "message_update" && e.assistantMessageEvent.type === "text_delta",
    );
    expect(textDeltas.length).toBeGreaterThan(1);
  });

  it("2.4 multi-turn context: the second request carries the first exchange", async () => {
    server.enqueue([
      textResponse("OK, noted: teal."),
      textResponse("Your favourite colour is teal."),
    ]);
    const { agent } = agentFor(mockClaude());
    await agent.prompt("My favourite colour is teal.");
    await agent.prompt("What is my favourite colour?");
    const body = server.requests[1]?.body as { messages: { role: string }[] };
    expect(body.messages.map((m) => m.role)).toEqual(["user", "assistant", "user"]);
    expect(JSON.stringify(body.messages)).toContain("teal");
    expect(answerText(agent)).toContain("teal");
  });
});

describe("J.9 over the wire — retry, auth, faults", () => {
  it("4.3 a real 429 with retry-after is retried and never compacts", async () => {
    server.enqueue([rateLimitResponse(0), textResponse("after the rate limit")]);
    const { agent, events } = agentFor(mockClaude());
    await agent.prompt("hi");
    expect(events.find((e) => e.type === "retry")).toMatchObject({ errorKind: "rate_limit" });
    expect(events.some((e) => e.type === "compaction_start")).toBe(false);
    expect(answerText(agent)).toContain("after the rate limit");
  });

  it("5.6 a real 401 fails at once without retry", async () => {
    server.enqueue(authErrorResponse());
    const { agent, events } = agentFor(mockClaude());
    await agent.prompt("hi");
    expect(server.requests).toHaveLength(1);
    expect(events.some((e) => e.type === "retry")).toBe(false);
    expect(agent.state.error).toContain("API key");
  });

  it("5.1 a socket dropped mid-stream ends the run with an error; the agent stays usable", async () => {
    server.enqueue([
      { ...textResponse("this answer will be cut off somewhere"), dropAfterEvents: 3 },
      textResponse("second try works"),
    ]);
    const { agent } = agentFor(mockClaude(), { settings: { retry: { maxRetries: 0 } } });
    await agent.prompt("hi");
    expect(agent.state.error).toBeDefined();
    expect(agent.state.isStreaming).toBe(false);
    await agent.prompt("again");
    expect(answerText(agent)).toContain("second try works");
  });

  it("5.2 malformed JSON in the stream gives an error, not a crash", async () => {
    server.enqueue([{ ...textResponse("broken"), malformedAfterEvents: 2 }, textResponse("fine")]);
    const { agent } = agentFor(mockClaude(), { settings: { retry: { maxRetries: 0 } } });
    await agent.prompt("hi");
    expect(agent.state.error).toBeDefined();
    await agent.prompt("again");
    expect(agent.state.error).toBeUndefined();
  });

  it("5.4 a stalled stream hits the idle timeout instead of hanging", async () => {
    server.enqueue({ ...textResponse("stalls after a bit"), stallAfterEvents: 2 });
    const { agent } = agentFor(mockClaude(), {
      settings: { streamIdleTimeoutMs: 300, retry: { maxRetries: 0 } },
    });
    const started = Date.now();
    await agent.prompt("hi");
    expect(Date.now() - started).toBeLessThan(60_000); // without the timeout: never
    expect(agent.state.error).toBeDefined();
  });

  it("abort mid-stream over the wire: kept partial text, no retry, no error", async () => {
    server.enqueue({
      ...textResponse("a long answer that streams slowly", { chunkSize: 4 }),
      eventDelayMs: 30,
    });
    const { agent, events } = agentFor(mockClaude());
    agent.subscribe((e) => {
      if (e.type === "message_update" && e.assistantMessageEvent.type === "text_delta")
        agent.abort();
    });
    await agent.prompt("hi");
    expect(events.some((e) => e.type === "retry")).toBe(false);
    expect(agent.state.error).toBeUndefined();
    const last = agent.state.messages.at(-1);
    expect(last?.role === "assistant" && last.stopReason).toBe("aborted");
  });

  it("an overflow 400 compacts and retries the request once", async () => {
    const history = Array.from({ length: 6 }, (_, i) => [
      { role: "user" as const, content: `question ${i} ${"word ".repeat(200)}`, timestamp: i },
      {
        role: "assistant" as const,
        content: [{ type: "text" as const, text: `answer ${i} ${"word ".repeat(200)}` }],
        api: "anthropic-messages",
        provider: "anthropic",
        model: "claude-sonnet-4-5",
        usage: {
          input: 0,
          output: 0,
          cacheRead: 0,
          cacheWrite: 0,
          totalTokens: 0,
          cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
        },
        stopReason: "stop" as const,
        timestamp: i,
      },
    ]).flat();
    server.enqueue([
      overflowResponse("anthropic"),
      textResponse("## Goal\nanswer questions"),
      textResponse("answer"),
    ]);
    const { agent, events } = agentFor(mockClaude(), {
      messages: history,
      settings: { compaction: { keepRecentTokens: 300 }, retry: { maxRetries: 0 } },
    });
    await agent.prompt("one more");
    expect(events.find((e) => e.type === "compaction_start")).toMatchObject({ reason: "overflow" });
    expect(server.requests).toHaveLength(3);
    expect(agent.state.error).toBeUndefined();
    expect(answerText(agent)).toContain("answer");
  });
});

// Opt-in: the same four scenarios against the real Anthropic API.
describe.skipIf(!process.env.ANTHROPIC_API_KEY)("J.9 2. Anthropic E2E (real API, opt-in)", () => {
  const real = () => getModel("anthropic", "claude-haiku-4-5") as Model;
  const realAgent = () =>
    new Agent({
      model: real(),
      streamFn: stream,
      cwd: dir,
      tools: [readFileTool()],
      streamOptions: { maxTokens: 256, apiKey: process.env.ANTHROPIC_API_KEY as string },
    });

  it("2.1 text prompt", async () => {
    const agent = realAgent();
    await agent.prompt("What is 2+2? Answer with the number only.");
    expect(answerText(agent)).toContain("4");
  });

  it("2.2 tool call", async () => {
    await writeFile(path.join(dir, "secret.txt"), "the password is swordfish");
    const agent = realAgent();
    await agent.prompt("Use the read tool to read secret.txt and tell me the password.");
    expect(agent.state.messages.some((m) => m.role === "toolResult")).toBe(true);
    expect(answerText(agent).toLowerCase()).toContain("swordfish");
  });

  it("2.3 streaming events", async () => {
    const agent = realAgent();
    const types: string[] = [];
    agent.subscribe((e) => types.push(e.type));
    await agent.prompt("Count from 1 to 5.");
    expect(types).toContain("message_update");
    expect(types.at(-1)).toBe("agent_end");
  });

  it("2.4 multi-turn memory", async () => {
    const agent = realAgent();
    await agent.prompt("My favourite colour is teal. Just say OK.");
    await agent.prompt("What is my favourite colour? One word.");
    expect(answerText(agent).toLowerCase()).toContain("teal");
  });
});
