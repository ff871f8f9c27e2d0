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
  const when = event.delayMs > 0 ? ` in ${Math.ceil(event.delayMs / 1000)} s` : "";
  const separator = event.errorKind === "structure" ? "" : ";";
  return `${reason}${separator} retrying${when} (attempt ${event.attempt} of ${event.maxAttempts})`;
}
