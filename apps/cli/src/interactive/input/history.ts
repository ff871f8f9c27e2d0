import { appendFileSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Prompts kept across sessions (Up / Down in the editor). */
export const HISTORY_LIMIT = 500;

/**
 * The prompt history in `$GONG_HOME/history.jsonl`: one JSON string per line, oldest
 * first. JSON so a multi-line prompt stays one line; append-only so two gong processes
 * never lose each other's prompts; compacted to the last HISTORY_LIMIT when it has grown
 * to twice that.
 */
export class PromptHistory {
  private entries: string[];

  constructor(private readonly file: string) {
    this.entries = parseHistory(readOrEmpty(file));
  }

  /** Oldest first. */
  get all(): readonly string[] {
    return this.entries;
  }

  /** Records a sent prompt; a failure to write loses history, never the prompt. */
  add(text: string): { ok: true } | { ok: false; message: string } {
    const prompt = text.trim();
    if (prompt === "" || this.entries[this.entries.length - 1] === prompt) return { ok: true };
    this.entries.push(prompt);
    try {
      mkdirSync(path.dirname(this.file), { recursive: true });
      const onDisk = parseHistory(readOrEmpty(this.file), Number.POSITIVE_INFINITY).length;
      if (onDisk + 1 >= HISTORY_LIMIT * 2) {
        // Written beside it and renamed: a crash leaves the old file or the new one.
        const temporary = `${this.file}.${process.pid}.tmp`;
        writeFileSync(temporary, serializeHistory(this.entries.slice(-HISTORY_LIMIT)));
        renameSync(temporary, this.file);
      } else {
        appendFileSync(this.file, `${JSON.stringify(prompt)}\n`);
      }
      return { ok: true };
    } catch (error) {
      const reason = (error as Error).message;
      return { ok: false, message: `cannot save the prompt history to ${this.file}: ${reason}` };
    }
  }
}

/** The last `limit` prompts of a history file, oldest first; a line that is not a JSON string is skipped. */
export function parseHistory(text: string, limit = HISTORY_LIMIT): string[] {
  const prompts: string[] = [];
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    try {
      const value: unknown = JSON.parse(line);
      if (typeof value === "string" && value.trim() !== "") prompts.push(value);
    } catch {
      // A line cut short by a crash: the others still count.
    }
  }
  return prompts.slice(-limit);
}

export function serializeHistory(prompts: readonly string[]): string {
  return prompts.map((prompt) => `${JSON.stringify(prompt)}\n`).join("");
}

function readOrEmpty(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
}
