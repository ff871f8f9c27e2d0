import type { AgentEvent } from "@gong/agent-core";

/**
 * A subagent's own event, tagged with the parent's `task` call that runs it: json mode
 * and gong-rpc write these as they come, a UI shows them under that call.
 */
export type SubagentEvent = AgentEvent & { parentToolCallId: string };

/** Where the session's subagents send their events; the session's listeners subscribe. */
export class SubagentEvents {
  private readonly listeners = new Set<(event: SubagentEvent) => void>();

  subscribe(listener: (event: SubagentEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: SubagentEvent): void {
    for (const listener of this.listeners) listener(event);
  }
}
