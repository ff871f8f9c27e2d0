/** What a task call's progress update carries in `partial.data` (SubagentProgress). */
export type SubagentProgressData = {
  subagent_type: string;
  description: string;
  /** The subagent's latest tool call, as `read src/a.ts`; until the first, what it is doing. */
  current: string;
  turns: number;
  tool_calls: number;
  tokens: number;
  elapsed_ms: number;
};

/**
 * The one-line summary of a subagent at work, as the terminal's task block and the
 * web page show it: `explore: read src/a.ts · 2 tool calls · 812 tokens · 4s`. Kept
 * free of Node so the page can draw it with the time still running.
 */
export function subagentProgressLine(data: SubagentProgressData): string {
  const calls = `${data.tool_calls} tool call${data.tool_calls === 1 ? "" : "s"}`;
  const seconds = Math.round(data.elapsed_ms / 1000);
  return `${data.subagent_type}: ${data.current} · ${calls} · ${data.tokens} tokens · ${seconds}s`;
}
