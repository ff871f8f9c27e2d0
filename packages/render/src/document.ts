import type { Message, ThinkingLevel } from "@gong/llm";

/**
 * What the HTML export renders: the session's path from root to the current leaf,
 * already flattened. Kept independent of the session-store entry types so the renderer
 * is a pure function that is easy to test and reuse (the RPC `export_html` too).
 */
export interface ExportDocument {
  sessionId: string;
  cwd: string;
  /** ISO timestamp of the session's start. */
  createdAt: string;
  items: ExportItem[];
  /** The subagents' transcripts by the id of the `task` call that ran them. */
  subagents?: Record<string, ExportDocument>;
}

export type ExportItem =
  | { kind: "message"; message: Message }
  | { kind: "compaction"; summary: string; tokensBefore: number }
  | { kind: "branch_summary"; summary: string }
  | { kind: "model_change"; provider: string; modelId: string }
  | { kind: "thinking_level_change"; thinkingLevel: ThinkingLevel | string };
