/**
 * `session.compaction`: compacting the conversation now (`/compact`, `gong --compact -c`,
 * RPC `compact`) and the automatic compaction's switch for this session (settings
 * `autoCompaction` is the lasting one). The summary is saved in the session file by the
 * recorder, like an automatic one.
 */
import type { Agent, CompactResult } from "@gong/agent-core";

export class CompactionControl {
  constructor(private readonly agent: Agent) {}

  get auto(): boolean {
    return this.agent.autoCompaction;
  }

  /** For this session only. */
  setAuto(enabled: boolean): void {
    this.agent.setAutoCompaction(enabled);
  }

  compact(instructions?: string): Promise<CompactResult> {
    return this.agent.compact(instructions);
  }
}
