import {
  type AssistantMessage,
  type AssistantMessageEvent,
  createAssistantMessageEventStream,
  type StreamFunction,
} from "@gong/llm";
import { describe, expect, it } from "vitest";
import { Agent, PartialMessage } from "../src/index.js";
import { assistant, testModel, text } from "./helpers/mock-stream.js";

type Part = AssistantMessage["content"][number];

/** The provider events of an answer that thinks, says something and calls a tool. */
function answerEvents(): AssistantMessageEvent[] {
  const final: AssistantMessage = {
    ...assistant([], { stopReason: "toolUse" }),
    content: [
      { type: "thinking", thinking: "Look first." },
      text("Reading the file."),
      { type: "toolCall", id: "call_1", name: "read", arguments: { path: "src/a.ts" } },
    ],
  };
  const content: Part[] = [];
  const snapshot = (): AssistantMessage => ({
    ...final,
    content: content.map((part) => ({ ...part })),
  });
  const events: AssistantMessageEvent[] = [{ type: "start", partial: snapshot() }];
  content[0] = { type: "thinking", thinking: "" };
  events.push({ type: "thinking_start", contentIndex: 0, partial: snapshot() });
  for (const piece of ["Look ", "first."]) {
    content[0] = {
      type: "thinking",
      thinking: (content[0] as { thinking: string }).thinking + piece,
    };
    events.push({ type: "thinking_delta", contentIndex: 0, delta: piece, partial: snapshot() });
  }
  events.push({
    type: "thinking_end",
    contentIndex: 0,
    content: "Look first.",
    partial: snapshot(),
  });
  content[1] = text("");
  events.push({ type: "text_start", contentIndex: 1, partial: snapshot() });
  for (const piece of ["Reading ", "the file."]) {
    content[1] = text((content[1] as { text: string }).text + piece);
    events.push({ type: "text_delta", contentIndex: 1, delta: piece, partial: snapshot() });
  }
  events.push({
    type: "text_end",
    contentIndex: 1,
    content: "Reading the file.",
    partial: snapshot(),
  });
  content[2] = { type: "toolCall", id: "call_1", name: "read", arguments: {} };
  events.push({ type: "toolcall_start", contentIndex: 2, partial: snapshot() });
  for (const piece of ['{"pa', 'th": "src/', 'a.ts"}']) {
    events.push({ type: "toolcall_delta", contentIndex: 2, delta: piece, partial: snapshot() });
  }
  content[2] = final.content[2]!;
  events.push({
    type: "toolcall_end",
    contentIndex: 2,
    toolCall: final.content[2] as Extract<Part, { type: "toolCall" }>,
    partial: snapshot(),
  });
  events.push({ type: "done", reason: "toolUse", message: final });
  return events;
}

const streamFn: StreamFunction = () => {
  const stream = createAssistantMessageEventStream();
  void (async () => {
    for (const event of answerEvents()) {
      await Promise.resolve();
      stream.push(event);
    }
  })();
  return stream;
};

describe("agent-core — a UI rebuilds the streamed answer from message_update deltas alone", () => {
  it("PartialMessage built from message_start and the deltas has the final answer's thinking, text and tool call", async () => {
    const agent = new Agent({ model: testModel, streamFn });
    let partial: PartialMessage | undefined;
    const seen: string[] = [];
    let rebuilt: AssistantMessage | undefined;
    let final: AssistantMessage | undefined;
    agent.subscribe((event) => {
      if (event.type === "message_start" && event.message.role === "assistant")
        partial = new PartialMessage(event.message);
      if (event.type === "message_update" && partial) {
        partial.apply(event.assistantMessageEvent);
        const call = partial.message.content[2];
        if (call?.type === "toolCall") seen.push(`${call.name}:${JSON.stringify(call.arguments)}`);
      }
      if (event.type === "message_end" && event.message.role === "assistant" && !final) {
        final = event.message;
        rebuilt = structuredClone(partial?.message);
        agent.abort();
      }
    });
    await agent.prompt("read a.ts");
    expect(rebuilt?.content).toEqual(final?.content);
    // The call is shown by name from its first delta, its arguments as they stream.
    expect(seen[0]).toBe("read:{}");
    expect(seen).toContain('read:{"path":"src/"}');
  });
});
