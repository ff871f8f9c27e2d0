/** `850 ms`, `4 s`, `2 m 05 s`: how long something took or has been running. */
export function formatElapsed(ms: number): string {
  if (ms < 1000) return ms <= 0 ? "0 s" : `${Math.round(ms)} ms`;
  const seconds = Math.floor(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} m ${String(seconds % 60).padStart(2, "0")} s`;
}

/** `$0.042`: a session's cost so far. */
export function formatCost(dollars: number): string {
  return `$${dollars < 1 ? dollars.toFixed(3) : dollars.toFixed(2)}`;
}
