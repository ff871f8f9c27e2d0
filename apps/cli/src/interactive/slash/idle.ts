import type { SlashContext } from "../contract.js";

/**
 * Commands that replace the conversation or the session wait for an idle agent: while
 * it streams they say so in one line and do nothing. True when `what` may go ahead.
 */
export function whenIdle(context: SlashContext, what: string): boolean {
  if (!context.host.current.isStreaming) return true;
  context.ui.error(`${what} needs an idle agent: press Esc to abort the run, then try again.`);
  return false;
}
