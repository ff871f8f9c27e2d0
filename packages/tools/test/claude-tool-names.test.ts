import { describe, expect, it } from "vitest";
import { fromClaudeToolName, matchesTool, toClaudeToolName } from "../src/claude-tool-names.js";

describe("Claude Code tool names — todo_write, web_fetch, ask_user", () => {
  it("a WebFetch / TodoWrite / AskUserQuestion matcher fires for our tool", () => {
    expect(matchesTool("WebFetch", "web_fetch")).toBe(true);
    expect(matchesTool("TodoWrite|Bash", "todo_write")).toBe(true);
    expect(matchesTool("AskUserQuestion", "ask_user")).toBe(true);
    expect(matchesTool("WebFetch", "bash")).toBe(false);
  });

  it("hooks see Claude Code's names, and those names map back", () => {
    expect(toClaudeToolName("web_fetch")).toBe("WebFetch");
    expect(fromClaudeToolName("todowrite")).toBe("todo_write");
    expect(fromClaudeToolName("AskUserQuestion")).toBe("ask_user");
  });
});
