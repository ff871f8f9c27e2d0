import type { AssistantMessage, ErrorKind } from "@gong/llm";

/**
 * A `ToolRetryPolicy` shape applied to LLM calls, with the defaults and
 * settings keys of apps/cli/README.md (`retry.maxRetries`, `retry.baseDelayMs`,
 * `retry.maxDelayMs`).
 */
export interface RetryPolicy {
  enabled: boolean;
  maxRetries: number;
  /**
   * Retries of an idle timeout, within `maxRetries`: each one waits a whole
   * `streamIdleTimeoutMs`, so a provider that accepts and never answers fails after two
   * waits instead of four (4 × 60 s was 255 s).
   */
  maxTimeoutRetries: number;
  retryOn: ErrorKind[];
  backoffMultiplier: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  enabled: true,
  maxRetries: 3,
  maxTimeoutRetries: 1,
  // Never `overflow` (that is compaction's job, Pi bug #1038) nor `auth` (test/j9-agent-regressions.test.ts 5.6).
  retryOn: ["rate_limit", "overloaded", "server", "network", "timeout"],
  backoffMultiplier: 2,
  baseDelayMs: 2000,
  maxDelayMs: 60_000,
};

export function resolveRetryPolicy(partial?: Partial<RetryPolicy>): RetryPolicy {
  return { ...DEFAULT_RETRY_POLICY, ...partial };
}

/** How many retries an error of this kind gets. */
export function retryLimit(policy: RetryPolicy, kind: ErrorKind | undefined): number {
  if (kind === "timeout") return Math.min(policy.maxRetries, policy.maxTimeoutRetries);
  return policy.maxRetries;
}

export function shouldRetry(policy: RetryPolicy, kind: ErrorKind | undefined, attempt: number) {
  return (
    policy.enabled &&
    kind !== undefined &&
    policy.retryOn.includes(kind) &&
    attempt < retryLimit(policy, kind)
  );
}

/** Exponential backoff; a provider's `retry-after` wins when longer, both capped. */
export function retryDelayMs(policy: RetryPolicy, attempt: number, retryAfterMs?: number): number {
  const backoff = policy.baseDelayMs * policy.backoffMultiplier ** attempt;
  const wanted = Math.max(backoff, retryAfterMs ?? 0);
  return Math.min(Math.round(wanted), policy.maxDelayMs);
}

// Phrases providers use when the request's message structure (not its size) is wrong:
// thinking blocks out of order, tool results without their call, mismatched ids.
const STRUCTURE_ERROR =
  /thinking|redacted_thinking|tool_use|tool_result|tool_call_id|tool call id|toolCallId|tool_calls|must be followed by|unexpected .*tool|does not have a corresponding/i;

/** An `invalid_request` caused by message structure is repaired, not compacted (test/j9-agent-regressions.test.ts 5.3). */
export function isStructureError(message: AssistantMessage): boolean {
  return (
    message.errorKind === "invalid_request" && STRUCTURE_ERROR.test(message.errorMessage ?? "")
  );
}

/** Waits `ms`, or resolves `false` at once when `signal` aborts. */
export function sleepUnlessAborted(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const done = (completed: boolean) => {
      clearTimeout(timer);
      signal.removeEventListener("abort", onAbort);
      resolve(completed);
    };
    const onAbort = () => done(false);
    const timer = setTimeout(() => done(true), ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
