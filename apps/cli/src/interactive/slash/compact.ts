import { compactionDetail } from "@gong/runtime";
import { formatTokens } from "../../format-tokens.js";
import type { SlashCommand } from "../contract.js";
import { whenIdle } from "./idle.js";

/** `/compact [instructions]`: summarises the older messages now. */
export const compactCommand: SlashCommand = {
  name: "compact",
  args: "[instructions]",
  description: "summarise older messages to free context (optional focus)",
  async run(args, context) {
    if (!whenIdle(context, "/compact")) return;
    context.ui.note("compacting…");
    const instructions = args.trim();
    const outcome = await context.host.current.compaction.compact(
      instructions === "" ? undefined : instructions,
    );
    if (!outcome.ok) {
      context.ui.error(`Not compacted: ${outcome.message}`);
      return;
    }
    const { tokensBefore, tokensAfter } = outcome.result;
    context.ui.note(
      `compacted: ${formatTokens(tokensBefore)} → ${formatTokens(tokensAfter)} tokens (${compactionDetail(outcome.result)})`,
    );
  },
};
