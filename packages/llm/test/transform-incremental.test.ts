import { describe, expect, it } from "vitest";
import {
  type AssistantMessage,
  emptyUsage,
  type Message,
  type Model,
  type ToolResultMessage,
  transformMessages,
} from "../src/index.js";
import { mockModel } from "./helpers.js";

const textOnly = mockModel("openai-completions", "http://x/v1", {
  id: "gpt-a",
  provider: "openai",
  input: ["text"],
});
const other = mockModel("anthropic-messages", "http://x", {
  id: "claude-b",
  provider: "anthropic",
});

const user = (text: string, timestamp = 0): Message => ({ role: "user", content: text, timestamp });
const assistant = (
  content: AssistantMessage["content"],
  extra: Partial<AssistantMessage> = {},
): AssistantMessage => ({
  role: "assistant",
  content,
  api: other.api,
  provider: other.provider,
  model: other.id,
  usage: emptyUsage(),
  stopReason: "toolUse",
  timestamp: 5,
  ...extra,
});
const call = (id: string) => ({ type: "toolCall" as const, id, name: "read", arguments: {} });
const result = (toolCallId: string): ToolResultMessage => ({
  role: "toolResult",
  toolCallId,
  toolName: "read",
  content: [{ type: "text", text: `out ${toolCallId}` }],
  isError: false,
  timestamp: 6,
});

/** Every rule at work: ids rewritten (and kept unique), orphans both ways, merges, images. */
function history(): Message[] {
  return [
    user("go"),
    assistant([{ type: "thinking", thinking: "plan", thinkingSignature: "sig" }, call("x|item1")]),
    result("x|item1"),
    result("stray"),
    assistant([call("y|a"), call("y|b")]),
    result("y|b"),
    user("then"),
    assistant([], { stopReason: "error" }),
    user("again"),
    {
      role: "user",
      content: [
        { type: "text", text: "look" },
        { type: "image", data: "AAAA", mimeType: "image/png" },
      ],
      timestamp: 7,
    },
    assistant([call(`${"z".repeat(50)}|1`)]),
    result(`${"z".repeat(50)}|1`),
    assistant([call("w")]),
  ];
}

describe("llm — a growing history is transformed only where it grew", () => {
  it("each prefix, grown one message at a time, transforms as it does from scratch", () => {
    for (const model of [textOnly, other] satisfies Model[]) {
      const messages = history();
      for (let length = 1; length <= messages.length; length++) {
        const grown = transformMessages(messages.slice(0, length), model);
        const fresh = transformMessages(structuredClone(messages.slice(0, length)), model);
        expect(grown).toEqual(fresh);
      }
    }
  });

  it("what an earlier call made is handed out again, the same objects (sent bytes are cached per message)", () => {
    const messages = history();
    const first = transformMessages(messages, textOnly);
    const second = transformMessages([...messages, result("w"), user("more")], textOnly);
    // The rewritten assistant, the merged prompts and the text-only copy of the image.
    for (let i = 0; i < first.length - 1; i++) expect(second[i]).toBe(first[i]);
    expect(second.at(-1)).toMatchObject({ role: "user", content: "more" });
  });

  it("a history whose earlier message changed is transformed from scratch", () => {
    const messages = history();
    transformMessages(messages, textOnly);
    const edited = [...messages];
    edited[2] = result("changed");
    expect(transformMessages(edited, textOnly)).toEqual(
      transformMessages(structuredClone(edited), textOnly),
    );
  });
});

describe("llm — a resumed history of any length is transformed", () => {
  it("200 000 messages in one call", () => {
    const messages = Array.from({ length: 200_000 }, (_, i) =>
      i % 2 === 0
        ? user(`q${i}`)
        : assistant([{ type: "text", text: `a${i}` }], { stopReason: "stop" }),
    );
    expect(transformMessages(messages, other)).toHaveLength(200_000);
  });
});

describe("llm — what is kept between calls is bounded", () => {
  it("a history not sent while eight others were is transformed from scratch again", () => {
    const messages = history();
    const first = transformMessages(messages, textOnly);
    expect(transformMessages(messages, textOnly)[6]).toBe(first[6]);
    for (let i = 0; i < 8; i++) transformMessages(history(), textOnly);
    const again = transformMessages(messages, textOnly);
    expect(again).toEqual(first);
    // The merged prompts are made anew: the old state was let go.
    expect(again[6]).not.toBe(first[6]);
  });
});
