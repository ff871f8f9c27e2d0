import type { OutputLevel } from "@gong/tools";
import type { CompactionSettings } from "./compaction/types.js";
import { DEFAULT_COMPACTION_SETTINGS } from "./compaction/types.js";
import { DEFAULT_HOOK_TIMEOUT_MS } from "./hooks/runner.js";
import type { RetryPolicy } from "./retry.js";
import { resolveRetryPolicy } from "./retry.js";

/** The agent's settings, with the keys of settings.json (apps/cli/README.md). */
export interface AgentSettings {
  retry?: Partial<RetryPolicy>;
  compaction?: Partial<CompactionSettings>;
  /** Global default output level; `standard` when unset. */
  outputLevel?: OutputLevel;
  /** Per-tool output levels, e.g. `{ "bash": "brief" }`. */
  toolOutputLevels?: Record<string, OutputLevel>;
  /** Run consecutive read-only tool calls of one turn in parallel (results stay in order). */
  parallelReadOnlyTools?: boolean;
  /**
   * A steering message aborts the tool call in progress (test/j9-coding-tools.test.ts 1.4: `sleep 30` is killed)
   * instead of waiting for it to finish (default true).
   */
  steeringInterruptsTools?: boolean;
  /** A hook callback taking longer is skipped (default 5 000 ms). */
  hookTimeoutMs?: number;
  /** Passed to the stream as `idleTimeoutMs` (default 60 000). */
  streamIdleTimeoutMs?: number;
  /** Identical consecutive tool calls that trigger the doom-loop notice (default 3). */
  doomLoopThreshold?: number;
}

export interface ResolvedSettings {
  retry: RetryPolicy;
  compaction: CompactionSettings;
  /** Unset means `standard`, dropping to `brief` when the context is over 80 % full. */
  outputLevel: OutputLevel | undefined;
  toolOutputLevels: Record<string, OutputLevel>;
  parallelReadOnlyTools: boolean;
  steeringInterruptsTools: boolean;
  hookTimeoutMs: number;
  streamIdleTimeoutMs: number;
  doomLoopThreshold: number;
}

export function resolveSettings(settings: AgentSettings = {}): ResolvedSettings {
  return {
    retry: resolveRetryPolicy(settings.retry),
    compaction: { ...DEFAULT_COMPACTION_SETTINGS, ...settings.compaction },
    outputLevel: settings.outputLevel,
    toolOutputLevels: settings.toolOutputLevels ?? {},
    parallelReadOnlyTools: settings.parallelReadOnlyTools ?? false,
    steeringInterruptsTools: settings.steeringInterruptsTools ?? true,
    hookTimeoutMs: settings.hookTimeoutMs ?? DEFAULT_HOOK_TIMEOUT_MS,
    streamIdleTimeoutMs: settings.streamIdleTimeoutMs ?? 60_000,
    doomLoopThreshold: settings.doomLoopThreshold ?? 3,
  };
}
