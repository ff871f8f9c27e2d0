import type { Message } from "@gong/llm";
import { describe, expect, it } from "vitest";
import { Agent, type AgentEvent, foldHistory } from "../src/index.js";
import { assistant, mockModel, testModel, text, toolCall } from "./helpers/mock-stream.js";
import { echoTool } from "./helpers/tools.js";

function conversation(pairs: number): Message[] {
  const messages: Message[] = [];
  for (let i = 0; i < pairs; i++) {
    messages.push({ role: "user", content: `question ${i} ${"x ".repeat(300)}`, timestamp: i });
    messages.push(assistant([text(`answer ${i} ${"y ".repeat(300)}`)]));
  }
  return messages;
}

/** A listener that knows nothing but the events, folding them as the recorder does. */
function follow(agent: Agent): { messages: Message[]; types: AgentEvent["type"][] } {
  const folded = { messages: [...agent.state.messages], types: [] as AgentEvent["type"][] };
  agent.subscribe((event) => {
    folded.types.push(event.type);
    folded.messages = foldHistory(folded.messages, event);
  });
  return folded;
}

describe("agent-core — history is one event log: every change of the list is an event", () => {
  it("a listener folding the events has the agent's list after runs, compaction, an added message and a replaced branch", async () => {
    const model = mockModel([
      assistant([toolCall("c1", "echo", { text: "hi" })]),
      assistant([text("done")]),
      assistant([text("## Goal\nsummarised")]),
      assistant([text("after the compaction")]),
    ]);
    const agent = new Agent({
      model: testModel,
      streamFn: model.streamFn,
      tools: [echoTool()],
      messages: conversation(6),
      settings: { compaction: { keepRecentTokens: 200 } },
    });
    const folded = follow(agent);

    await agent.prompt("use the tool");
    expect(folded.messages).toEqual(agent.state.messages);

    const compacted = await agent.compact();
    expect(compacted.ok).toBe(true);
    expect(folded.messages).toEqual(agent.state.messages);

    const added: Message = { role: "user", content: "Ran `ls`: a.txt", timestamp: 1 };
    agent.appendMessage(added);
    expect(folded.types.at(-1)).toBe("message_added");
    expect(agent.state.messages.at(-1)).toBe(added);

    await agent.prompt("go on");
    expect(folded.messages).toEqual(agent.state.messages);

    const branch = conversation(2);
    agent.replaceMessages(branch);
    expect(folded.types.at(-1)).toBe("messages_replaced");
    expect(agent.state.messages).toEqual(branch);
    expect(folded.messages).toEqual(agent.state.messages);
  });

  it("isCompacting follows compaction_start and compaction_end", async () => {
    const model = mockModel([assistant([text("## Goal\nsummarised")])]);
    const agent = new Agent({
      model: testModel,
      streamFn: model.streamFn,
      messages: conversation(6),
      settings: { compaction: { keepRecentTokens: 200 } },
    });
    const seen: [string, boolean][] = [];
    agent.subscribe((event) => seen.push([event.type, agent.state.isCompacting]));
    await agent.compact();
    expect(seen).toEqual([
      ["compaction_start", true],
      ["compaction_end", false],
    ]);
  });
});
