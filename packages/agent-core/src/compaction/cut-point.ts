import type { Message } from "@gong/llm";
import { estimateMessageTokens } from "@gong/llm";

/**
 * Index of the first message kept verbatim: walking back from the newest message
 * until about `keepRecentTokens` are kept, then moving to a valid cut point — a
 * `user` or `assistant` message, never a `toolResult`, so a tool call and its result
 * are never split (test/j12-compaction.test.ts 2.4). Returns 0 when there is nothing worth cutting.
 */
export function findCutPoint(messages: readonly Message[], keepRecentTokens: number): number {
  let kept = 0;
  let cut = messages.length;
  for (let i = messages.length - 1; i >= 0; i--) {
    kept += estimateMessageTokens(messages[i]!);
    cut = i;
    if (kept >= keepRecentTokens) break;
  }
  // Move back to a valid boundary: a tool result belongs with the call before it.
  while (cut > 0 && messages[cut]?.role === "toolResult") cut--;
  return cut;
}

/** Index of the user message that starts the turn containing `index` (or -1). */
export function turnStartBefore(messages: readonly Message[], index: number): number {
  for (let i = Math.min(index, messages.length - 1); i >= 0; i--) {
    if (messages[i]?.role === "user") return i;
  }
  return -1;
}

/**
 * Where an explicit compaction (`/compact`, `--compact`, RPC `compact`) cuts when the
 * keep-recent window would keep everything: before the last user turn, or — when the
 * conversation after `start` is that one turn — at its last assistant message, so the
 * turn's earlier steps are summarised and its request is kept verbatim (issue 22.4:
 * asking to compact always compacts what there is). Returns `start` when there is only
 * the last request and its first answer.
 */
export function explicitCutPoint(messages: readonly Message[], start: number): number {
  const lastTurn = turnStartBefore(messages, messages.length - 1);
  if (lastTurn > start) return lastTurn;
  for (let i = messages.length - 1; i > Math.max(lastTurn, start) + 1; i--) {
    if (messages[i]?.role === "assistant") return i;
  }
  return start;
}
