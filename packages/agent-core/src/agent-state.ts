import type { Message, Model, ThinkingLevel } from "@gong/llm";
import type { Tool } from "@gong/tools";
import type { AgentEvent } from "./events.js";
import { foldHistory } from "./history.js";

export interface AgentState {
  /** The base system prompt the provider gave last (before a run's hooks). */
  systemPrompt: string;
  model: Model;
  thinkingLevel: ThinkingLevel;
  tools: Tool[];
  messages: Message[];
  isStreaming: boolean;
  isCompacting: boolean;
  pendingToolCalls: ReadonlySet<string>;
  /** The error the last run ended with (its `errorMessage`). */
  error: string | undefined;
}

/** The agent's own copy: the pending calls as a live set (`state` hands out a snapshot). */
export type InternalState = Omit<AgentState, "pendingToolCalls"> & { pending: Set<string> };

/**
 * Events become state: the message list (`foldHistory`), the model and thinking level,
 * whether a compaction runs, and the tool calls in flight. Nothing else writes these.
 */
export function foldAgentState(state: InternalState, event: AgentEvent): void {
  state.messages = foldHistory(state.messages, event);
  switch (event.type) {
    case "model_change":
      state.model = event.model;
      return;
    case "thinking_level_change":
      state.thinkingLevel = event.thinkingLevel;
      return;
    case "compaction_start":
      state.isCompacting = true;
      return;
    case "compaction_end":
      state.isCompacting = false;
      return;
    case "tool_execution_start":
      state.pending.add(event.toolCallId);
      return;
    case "tool_execution_end":
      state.pending.delete(event.toolCallId);
      return;
  }
}
