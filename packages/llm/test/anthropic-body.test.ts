import { type MockLlmServer, startMockLlmServer, textResponse } from "@gong/testing";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { complete, type Message } from "../src/index.js";
import { anthropicRequestBody } from "../src/providers/anthropic-body.js";
import { buildAnthropicParams, messageBlocks } from "../src/providers/anthropic-request.js";
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

  it("a history grown one message at a time gives the bytes it gives from scratch", () => {
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
      expect(grown.toString()).toBe(fresh.toString());
    }
  });

  it("every body, grown one message at a time or written fresh, is JSON.stringify of the converted request (random histories, multi-byte text)", () => {
    const params = buildAnthropicParams(model(), { systemPrompt: "sys é" }, {});
    for (let seed = 1; seed <= 40; seed++) {
      const messages = randomHistory(seed, 30);
      for (let length = 0; length <= messages.length; length++) {
        const expected = JSON.stringify({
          ...params,
          messages: converted(messages.slice(0, length)),
        });
        const grown = anthropicRequestBody(params, messages.slice(0, length));
        expect(grown.toString()).toBe(expected);
        const fresh = anthropicRequestBody(params, structuredClone(messages.slice(0, length)));
        expect(fresh.toString()).toBe(expected);
      }
    }
  });

  it("a history of large results and non-ASCII text, grown call by call, gives the bytes it gives from scratch", () => {
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
      expect(grown.toString()).toBe(fresh.toString());
    }
  });
});

/** The request's messages the plain way: the reference the written bytes must match. */
function converted(messages: readonly Message[]) {
  const turns: { role: string; content: Record<string, unknown>[]; results: boolean }[] = [];
  for (const message of messages) {
    const blocks = messageBlocks(message) as unknown as Record<string, unknown>[];
    const previous = turns.at(-1);
    if (message.role === "toolResult" && previous?.results) previous.content.push(...blocks);
    else if (blocks.length > 0) {
      const role = message.role === "assistant" ? "assistant" : "user";
      turns.push({ role, content: blocks, results: message.role === "toolResult" });
    }
  }
  const cached = turns.findLast((turn) => turn.role === "user");
  if (cached) {
    const last = cached.content.length - 1;
    cached.content[last] = { ...cached.content[last], cache_control: { type: "ephemeral" } };
  }
  return turns.map(({ role, content }) => ({ role, content }));
}

/** `count` messages of every kind (empty ones, orphan results, strings of 1–4 UTF-8 bytes a unit). */
function randomHistory(seed: number, count: number): Message[] {
  let state = seed;
  const next = (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % n;
  };
  const texts = ["plain", "é à ü", "日本語", "emoji 🎉 ok", 'quote " and \\ back\nslash', "  ", ""];
  const text = () => texts[next(texts.length)]!;
  const messages: Message[] = [];
  let calls: string[] = [];
  for (let i = 0; i < count; i++) {
    const kind = next(4);
    if (kind === 0) {
      messages.push(
        next(2)
          ? userMessage(text())
          : { ...userMessage(""), content: [{ type: "text", text: text() }] },
      );
    } else if (kind === 1) {
      calls = Array.from({ length: next(3) }, (_, n) => `call_${i}_${n}`);
      const message = assistantCalling(...calls) as Extract<Message, { role: "assistant" }>;
      messages.push({
        ...message,
        content: [{ type: "text", text: text() }, ...message.content.slice(1)],
      });
    } else {
      const id = calls.length > 0 && next(4) > 0 ? calls[next(calls.length)]! : `orphan_${i}`;
      messages.push(result(id, text()));
    }
  }
  return messages;
}
