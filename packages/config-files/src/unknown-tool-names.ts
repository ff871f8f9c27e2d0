/**
 * Tool names in agent, command and skill files that Gong has no tool for (Claude Code's
 * WebSearch, NotebookEdit…): files written for Claude Code name them often, and each is
 * simply left out, so they are said in one line per session listing them all, not one
 * warning per file (apps/cli/test/claude-code-files.test.ts). A name first seen later
 * (a file edited mid-session) is one more line.
 */
export class UnknownToolNames {
  private readonly said = new Set<string>();
  private readonly pending = new Set<string>();

  constructor(private readonly warn: (message: string) => void) {}

  add(names: readonly string[]): void {
    for (const name of names) if (!this.said.has(name)) this.pending.add(name);
  }

  /** Says the names gathered since the last time, if any. */
  flush(): void {
    if (this.pending.size === 0) return;
    const names = [...this.pending].sort();
    for (const name of names) this.said.add(name);
    this.pending.clear();
    this.warn(
      `tools Gong has not, left out where agents, commands and skills name them: ${names.join(", ")}`,
    );
  }
}
