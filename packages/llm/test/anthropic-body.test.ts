import { type MockLlmServer, startMockLlmServer, textResponse } from "@gong/testing";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { complete, type Message } from "../src/index.js";
import { anthropicRequestBody } from "../src/providers/anthropic-body.js";
import { buildAnthropicParams } from "../src/providers/anthropic-request.js";
import { mockModel, userMessage } from "./helpers.js";

let mock: MockLlmServer;
beforeAll(async () => {
  mock = await startMockLlmServer();
});
afterAll(() => mock.close());
afterEach(() => {
  vi.restoreAllMocks();
  mock.reset();
});

const model = () => mockModel("anthropic-messages", mock.anthropicBaseUrl);

const assistantCalling = (...ids: string[]): Message => ({
  role: "assistant",
  content: [
    { type: "text", text: "reading" },
    ...ids.map((id) => ({ type: "toolCall" as const, id, name: "read", arguments: { path: id } })),
  ],
  api: "anthropic-messages",
  provider: "anthropic",
  model: "mock-claude",
  usage: {
    input: 1,
    output: 1,
    cacheRead: 0,
    cacheWrite: 0,
    totalTokens: 2,
    cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
  },
  stopReason: "toolUse",
  timestamp: 2,
});

const result = (id: string, text: string): Message => ({
  role: "toolResult",
  toolCallId: id,
  toolName: "read",
  content: [{ type: "text", text }],
  isError: false,
  timestamp: 3,
});

const history = (): Message[] => [
  userMessage("first question"),
  assistantCalling("call_a", "call_b"),
  result("call_a", "UNIQUE-OUTPUT-A"),
  result("call_b", "output b"),
  { ...userMessage("   "), timestamp: 4 },
];

/** How many `JSON.stringify` calls wrote `marker` while `run` ran. */
async function stringified(marker: string, run: () => Promise<unknown>): Promise<number> {
  const original = JSON.stringify;
  let count = 0;
  vi.spyOn(JSON, "stringify").mockImplementation((...args: Parameters<typeof original>) => {
    const json = original(...args);
    if (typeof json === "string" && json.includes(marker)) count++;
    return json;
  });
  await run();
  vi.restoreAllMocks();
  return count;
}

describe("llm — a long session's history is not encoded again on every call", () => {
  it("the request body is the converted history: results of a turn in one user message, the last user block cached", async () => {
    mock.enqueue(textResponse("ok"));
    await complete(model(), { messages: history() }, { apiKey: "k" });
    const expected = {
      model: "mock-claude",
      max_tokens: 4096,
      messages: [
        { role: "user", content: [{ type: "text", text: "first question" }] },
        {
          role: "assistant",
          content: [
            { type: "text", text: "reading" },
            { type: "tool_use", id: "call_a", name: "read", input: { path: "call_a" } },
            { type: "tool_use", id: "call_b", name: "read", input: { path: "call_b" } },
          ],
        },
        {
          role: "user",
          content: [
            {
              type: "tool_result",
              tool_use_id: "call_a",
              content: [{ type: "text", text: "UNIQUE-OUTPUT-A" }],
              is_error: false,
            },
            {
              type: "tool_result",
              tool_use_id: "call_b",
              content: [{ type: "text", text: "output b" }],
              is_error: false,
              cache_control: { type: "ephemeral" },
            },
          ],
        },
      ],
      stream: true,
    };
    // Same keys, same order: the bytes JSON.stringify gives for the converted request.
    expect(JSON.stringify(mock.requests[0]!.body)).toBe(JSON.stringify(expected));
  });

  it("a turn already sent is not serialized again; the cache mark moves to the new last user message", async () => {
    const answer: Message = { ...assistantCalling(), content: [{ type: "text", text: "fine" }] };
    const messages = [...history(), userMessage("second question")];
    mock.enqueue(textResponse("ok"));
    mock.enqueue(textResponse("ok"));
    await complete(model(), { messages }, { apiKey: "k" });
    const next = [...messages, answer, userMessage("third question")];
    const writes = await stringified("UNIQUE-OUTPUT-A", () =>
      complete(model(), { messages: next }, { apiKey: "k" }),
    );
    expect(writes).toBe(0);
    const body = mock.requests[1]!.body as { messages: { content: Record<string, unknown>[] }[] };
    const results = body.messages[2]!.content;
    expect(results.map((block) => block.cache_control)).toEqual([undefined, undefined]);
    expect(body.messages.slice(3)).toEqual([
      { role: "user", content: [{ type: "text", text: "second question" }] },
      { role: "assistant", content: [{ type: "text", text: "fine" }] },
      {
        role: "user",
        content: [{ type: "text", text: "third question", cache_control: { type: "ephemeral" } }],
      },
    ]);
  });

  it("a history grown one message at a time gives the bytes it gives from scratch", async () => {
    const params = buildAnthropicParams(model(), { systemPrompt: "sys" }, {});
    const messages: Message[] = [
      ...history(),
      assistantCalling("call_c"),
      result("call_c", "c"),
      { ...userMessage(""), timestamp: 9 },
      result("call_c", "late"),
      userMessage("next"),
      assistantCalling(),
      userMessage("again"),
    ];
    for (let length = 1; length <= messages.length; length++) {
      const grown = anthropicRequestBody(params, messages.slice(0, length));
      const fresh = anthropicRequestBody(params, structuredClone(messages.slice(0, length)));
      expect(await grown.text()).toBe(await fresh.text());
    }
  });

  it("a history whose kept bytes are split into parts (large results, non-ASCII text) gives the bytes it gives from scratch", async () => {
    const params = buildAnthropicParams(model(), { systemPrompt: "sys" }, {});
    const messages: Message[] = [userMessage("start")];
    for (let i = 0; i < 6; i++) {
      const id = `call_${i}`;
      messages.push(assistantCalling(id), result(id, `é😀${"x".repeat(120_000)}${i}`));
    }
    messages.push(userMessage("next"));
    for (const length of [3, 7, 9, messages.length]) {
      const grown = anthropicRequestBody(params, messages.slice(0, length));
      const fresh = anthropicRequestBody(params, structuredClone(messages.slice(0, length)));
      expect(await grown.text()).toBe(await fresh.text());
    }
  });

  it("the body goes to fetch as a Blob of the kept bytes, not copied into one new buffer per call", async () => {
    // undici copies a buffer body whole before streaming it; a Blob's parts are streamed.
    const bodies: unknown[] = [];
    const fetch = globalThis.fetch;
    vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
      bodies.push(init?.body);
      return fetch(input, init);
    });
    mock.enqueue(textResponse("ok"));
    await complete(model(), { messages: history() }, { apiKey: "k" });
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toBeInstanceOf(Blob);
    const sent = await (bodies[0] as Blob).text();
    expect(sent).toBe(JSON.stringify(mock.requests[0]!.body));
  });
});
