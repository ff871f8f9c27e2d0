/** What a retry is about, in a few words; the full error comes only if retrying fails. */
const REASONS: Record<string, string> = {
  rate_limit: "rate limited",
  overloaded: "the provider is overloaded",
  server: "the provider failed",
  network: "the connection failed",
  timeout: "the request timed out",
  structure: "the provider rejected the message history; repaired it and",
};

/** `rate limited; retrying in 2 s (attempt 1 of 3)` — one short line per retry. */
export function retryLine(event: {
  errorKind: string;
  errorMessage: string;
  delayMs: number;
  attempt: number;
  maxAttempts: number;
}): string {
  const reason = REASONS[event.errorKind] ?? event.errorMessage;
  const when = event.delayMs > 0 ? ` in ${delayText(event.delayMs)}` : "";
  const separator = event.errorKind === "structure" ? "" : ";";
  return `${reason}${separator} retrying${when} (attempt ${event.attempt} of ${event.maxAttempts})`;
}

/** The wait as it is: `250 ms`, `1.5 s`, `2 s` (never rounded up to a second it is not). */
function delayText(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${Number((ms / 1000).toFixed(1))} s`;
}
