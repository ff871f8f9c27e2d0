import type { SlashCommand } from "../contract.js";
import { sessionCost } from "../session-status.js";

/** The settings files read, one per row (gong's and Claude Code's), or "none". */
function settingsRows(files: readonly string[]): [string, string][] {
  if (files.length === 0) return [["settings", "(none read)"]];
  return files.map((file, index): [string, string] => [index === 0 ? "settings" : "", file]);
}

/** `/session`: the session's file, model, totals and settings files as one block. */
export const sessionCommand: SlashCommand = {
  name: "session",
  description: "show the session file, model, tokens and cost",
  async run(_args, context) {
    const session = context.host.current;
    const { session: totals, metrics } = session.file.stats();
    const { tokens, messages } = totals;
    const n = (value: number) => value.toLocaleString("en-US");
    const rows: [string, string][] = [
      ["file", session.file.path ?? "(not saved: --no-session)"],
      ["id", session.file.header.id],
      ["cwd", session.file.header.cwd],
      ["model", `${session.models.current.provider}/${session.models.current.id}`],
      ["thinking", session.models.thinkingLevel],
      // auto is the CLI's default (README "Permissions"); Shift+Tab changes it.
      ["mode", `${session.mode.current}${session.mode.current === "auto" ? " (the default)" : ""}`],
      [
        "messages",
        `${n(messages.total)} (${n(messages.user)} user, ${n(messages.assistant)} assistant, ${n(messages.toolResult)} tool results)`,
      ],
      [
        "tokens",
        `${n(tokens.input)} in, ${n(tokens.output)} out, ${n(tokens.cacheRead)} cache read, ${n(tokens.cacheWrite)} cache write`,
      ],
      ["cost", `$${sessionCost(session).toFixed(4)}`],
      // The file counts every branch and earlier runs; the metrics only this process.
      ["tool calls", `${n(totals.toolCalls)} (${n(metrics.session.toolCalls)} since gong started)`],
      ...settingsRows(session.config.settingsFiles),
    ];
    const width = Math.max(...rows.map(([name]) => name.length));
    context.ui.block(
      "Session",
      rows.map(([name, value]) => `${name.padEnd(width)}  ${value}`),
    );
  },
};
