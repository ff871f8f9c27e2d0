/** A tool call and what every face (terminal, status line, export, web page, ACP title) shows beside its name. */
export interface ToolSummaryCase {
  name: string;
  args: Record<string, unknown>;
  shown: string;
}

/** The calls the faces' tests check `toolCallSummary` with: one list, so they agree. */
export const TOOL_SUMMARY_CASES: readonly ToolSummaryCase[] = [
  {
    name: "bash",
    args: { command: "cd app &&\n  npm test", timeout: 60 },
    shown: "cd app && npm test",
  },
  { name: "read", args: { path: "src/a.ts", offset: 3 }, shown: "src/a.ts" },
  { name: "grep", args: { pattern: "TODO", path: "src" }, shown: "TODO" },
  {
    name: "web_fetch",
    args: { url: "https://example.com/docs", prompt: "api" },
    shown: "https://example.com/docs",
  },
  { name: "mcp__docs__search", args: { limit: 3, query: "typebox" }, shown: "typebox" },
  {
    name: "task",
    args: { description: "find the parser", prompt: "Look…" },
    shown: "find the parser",
  },
];
