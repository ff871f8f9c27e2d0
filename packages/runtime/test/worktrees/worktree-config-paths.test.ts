import { isGongConfigPath } from "@gong/config-files";
import { describe, expect, it } from "vitest";

// A session in `gong --worktree x` writes `<repo>/.gong/worktrees/x/a.txt`: a project file,
// not gong's configuration (it asked for a yes on every write before).
describe("worktrees — a worktree's files are not gong configuration", () => {
  const home = "/nonexistent/gong-home";
  it.each([
    ["/repo/.gong/worktrees/x/a.txt", false],
    ["/repo/.gong/worktrees/x/src/deep/b.ts", false],
    ["/repo/.gong/worktrees/x/.gong/settings.json", true],
    ["/repo/.gong/worktrees/x/.mcp.json", true],
    ["/repo/.gong/worktrees/x/.claude/settings.json", true],
    ["/repo/.gong/worktrees/x/.gong/worktrees/y/a.txt", false],
    ["/repo/.gong/worktrees", true],
    ["/repo/.gong/settings.json", true],
    ["/repo/.gong/hooks/x.ts", true],
  ])("%s → %s", (file, expected) => {
    expect(isGongConfigPath(file, home)).toBe(expected);
  });
});
