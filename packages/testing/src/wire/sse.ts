/** One SSE frame; `event:` is omitted for OpenAI Chat Completions, which sends data only. */
export function sseFrame(data: unknown, event?: string): string {
  const payload = typeof data === "string" ? data : JSON.stringify(data);
  return `${event ? `event: ${event}\n` : ""}data: ${payload}\n\n`;
}

/** Splits a string into deltas of `size` characters (at least one delta, even for ""). */
export function chunk(text: string, size = 8): string[] {
  if (text.length === 0) return [""];
  const step = Math.max(1, size);
  const parts: string[] = [];
  for (let i = 0; i < text.length; i += step) parts.push(text.slice(i, i + step));
  return parts;
}

export function argumentsText(args: Record<string, unknown> | string): string {
  return typeof args === "string" ? args : JSON.stringify(args);
}
