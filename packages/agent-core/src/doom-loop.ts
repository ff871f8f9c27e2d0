/**
 * Detects a model calling the same tool with identical arguments over and over. The
 * count feeds `beforeToolCall` hooks (so a gate can stop the call) and, at the
 * threshold, a notice appended to the result tells the model it is repeating itself.
 */
export class DoomLoopGuard {
  private lastKey: string | undefined;
  private repeats = 0;

  constructor(readonly threshold: number) {}

  /** Records a call; returns how many times in a row this exact call has now been made. */
  record(toolName: string, args: unknown): number {
    const key = `${toolName}\u0000${stableStringify(args)}`;
    this.repeats = key === this.lastKey ? this.repeats + 1 : 1;
    this.lastKey = key;
    return this.repeats;
  }

  isLooping(repeats: number): boolean {
    return this.threshold > 0 && repeats >= this.threshold;
  }
}

export function doomLoopNotice(toolName: string, repeats: number): string {
  return `[Repeated call: you have called ${toolName} with identical arguments ${repeats} times in a row and got the same kind of result. Repeating it will not change the outcome. Try a different approach: change the arguments, use another tool, or explain to the user what is blocking you.]`;
}

// Key order must not make two identical calls look different.
function stableStringify(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "undefined";
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(",")}]`;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${stableStringify(record[k])}`).join(",")}}`;
}
