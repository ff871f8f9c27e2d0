import type { Tool } from "@gong/tools";
import { FileStamps } from "../config/file-stamps.js";

/**
 * The system prompt as the files on disk say now. `current` re-reads everything (before
 * each prompt); `ifChanged` runs before every LLM call, also between the turns of one
 * tool loop, and re-reads only when a context file, SYSTEM.md, APPEND_SYSTEM.md or a
 * `--system-prompt` file was created, edited, replaced or deleted since the last read.
 */
export class SystemPromptSource {
  private readonly stamps: FileStamps;

  constructor(
    files: readonly string[],
    private readonly build: (tools: readonly Tool[]) => string,
  ) {
    this.stamps = new FileStamps(files);
  }

  current(tools: readonly Tool[]): string {
    // Stamps first: an edit landing during the read is noticed at the next check.
    this.stamps.changed();
    return this.build(tools);
  }

  ifChanged(tools: readonly Tool[]): string | undefined {
    return this.stamps.changed() ? this.build(tools) : undefined;
  }
}
