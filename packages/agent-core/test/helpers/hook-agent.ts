import type { ToolResultMessage } from "@gong/llm";
import type { Agent, AgentEvent } from "../../src/index.js";
import { assistant, mockModel, text, toolCall } from "./mock-stream.js";

/** A model that calls `echo` once and then answers. */
export function echoOnce(arg = "hi") {
  return mockModel([assistant([toolCall("c1", "echo", { text: arg })]), assistant([text("done")])]);
}

export function resultOf(agent: Agent): ToolResultMessage {
  return agent.state.messages.find((m) => m.role === "toolResult") as ToolResultMessage;
}

export function resultText(agent: Agent): string {
  return (resultOf(agent).content[0] as { text: string }).text;
}

export function collect(agent: Agent) {
  const events: AgentEvent[] = [];
  agent.subscribe((e) => events.push(e));
  return events;
}
