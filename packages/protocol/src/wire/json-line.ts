/**
 * The wire form of the CLI's json mode and gong-rpc: one JSON object per line. One
 * function for both apps, so one parser reads either stream. `JSON.stringify` escapes
 * every newline inside strings, so a value is always exactly one line.
 */
export function toJsonLine(value: unknown): string {
  return `${JSON.stringify(value)}\n`;
}
