import type { CodingSession, ModelUsage } from "@gong/runtime";
import type { SlashCommand } from "../contract.js";
import { contextTokensOf } from "../session-status.js";

const n = (value: number) => value.toLocaleString("en-US");
const dollars = (value: number) => `$${value.toFixed(4)}`;

type TokenCounts = Pick<ModelUsage, "input" | "output" | "cacheRead" | "cacheWrite">;

function tokensLine(usage: TokenCounts): string {
  return `${n(usage.input)} in · ${n(usage.output)} out · ${n(usage.cacheRead)} cache read · ${n(usage.cacheWrite)} cache write`;
}

/** The context a model has: how full it is now for the current model, its window for the others. */
function contextLine(
  session: CodingSession,
  key: string,
  windowOf: (key: string) => number | undefined,
): string {
  const window = windowOf(key);
  const current = `${session.models.current.provider}/${session.models.current.id}`;
  if (key !== current) return window ? `window ${n(window)} tokens` : "window unknown";
  const used = contextTokensOf(session);
  const size = session.models.current.contextWindow;
  if (used === undefined) return `window ${n(size)} tokens, nothing used yet`;
  return `${n(used)} of ${n(size)} tokens (${Math.round((used / size) * 100)}%) as of the last answer`;
}

/** The lines of one model: its tokens, cost, subagents' part and context. */
function modelLines(
  session: CodingSession,
  row: ModelUsage,
  windowOf: (key: string) => number | undefined,
): string[] {
  const current = row.model === `${session.models.current.provider}/${session.models.current.id}`;
  const lines = [
    `${row.model}${current ? " (current)" : ""}`,
    `  tokens     ${tokensLine(row)}`,
    `  cost       ${dollars(row.cost)} (${n(row.answers)} answer${row.answers === 1 ? "" : "s"})`,
  ];
  const { runs, totalTokens, cost } = row.subagents;
  if (runs > 0) {
    lines.push(
      `  subagents  ${n(runs)} run${runs === 1 ? "" : "s"}: ${n(totalTokens)} tokens, ${dollars(cost)} (included above)`,
    );
  }
  lines.push(`  context    ${contextLine(session, row.model, windowOf)}`);
  return lines;
}

/**
 * `/usage` (issue 35.13): tokens (input, output, cache read and write), cost and context
 * per model, subagents included — the session file's totals, every branch counted like
 * /session's cost — and the total.
 */
export const usageCommand: SlashCommand = {
  name: "usage",
  description: "show tokens, cost and context per model, subagents included",
  async run(_args, context) {
    const session = context.host.current;
    const totals = session.file.stats().session;
    const windows = new Map(
      session.models.available().map((m) => [`${m.provider}/${m.id}`, m.contextWindow]),
    );
    const windowOf = (key: string) => windows.get(key);
    const current = `${session.models.current.provider}/${session.models.current.id}`;
    const rows = [...totals.models];
    if (!rows.some((row) => row.model === current)) {
      rows.push({
        model: current,
        input: 0,
        output: 0,
        cacheRead: 0,
        cacheWrite: 0,
        totalTokens: 0,
        cost: 0,
        answers: 0,
        subagents: { runs: 0, totalTokens: 0, cost: 0 },
      });
    }
    const { tokens } = totals;
    context.ui.block("Usage", [
      ...rows.flatMap((row) => modelLines(session, row, windowOf)),
      `total        ${tokensLine(tokens)} · ${dollars(totals.cost)}`,
    ]);
  },
};
