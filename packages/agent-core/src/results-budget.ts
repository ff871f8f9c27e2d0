import type { ToolResponse } from "@gong/base";
import { estimateTextTokens } from "@gong/llm";
import { DEFAULT_MAX_BYTES, type ObservationTruncator } from "@gong/truncate";

/**
 * The results of one assistant message together take at most this share of the model's
 * context window: 50 subagents answering 300 KB each were each cut to 50 KB by the
 * truncator, and the next request was 2.6 MB for a 200k window (issue 34.5;
 * apps/cli/test/many-subagents.test.ts).
 */
export const RESULTS_SHARE_OF_WINDOW = 0.25;
/** About what one result at the truncator's standard limit costs: the budget is never smaller. */
const ONE_FULL_RESULT_TOKENS = DEFAULT_MAX_BYTES / 4;
/** The least a cut result keeps of its text, however many share the budget. */
const MIN_SHARE_TOKENS = 256;
/** What the notice and next steps of a cut result cost beside its preview. */
const NOTICE_TOKENS = 200;

/** Tokens all results of one message may take in a model with this window. */
export function resultsBudgetTokens(contextWindow: number): number {
  return Math.max(Math.floor(contextWindow * RESULTS_SHARE_OF_WINDOW), ONE_FULL_RESULT_TOKENS);
}

/**
 * Each result's share of `budget` (water-filling): results under the common level keep
 * all they need, the rest share what is left equally; never below `MIN_SHARE_TOKENS`.
 */
export function shareBudget(needs: readonly number[], budget: number): number[] {
  const total = needs.reduce((sum, need) => sum + need, 0);
  if (total <= budget) return [...needs];
  const order = needs.map((need, index) => ({ need, index })).sort((a, b) => a.need - b.need);
  const shares = new Array<number>(needs.length);
  let left = budget;
  order.forEach(({ need, index }, position) => {
    const level = Math.floor(left / (order.length - position));
    const share = Math.min(need, Math.max(level, MIN_SHARE_TOKENS));
    shares[index] = share;
    left = Math.max(0, left - share);
  });
  return shares;
}

/**
 * What one batch of a message's calls may take: the message's budget less what its
 * earlier batches took, keeping the least share for each call still to come.
 */
export function batchBudget(messageBudget: number, used: number, callsAfter: number): number {
  return Math.max(0, messageBudget - used - callsAfter * (MIN_SHARE_TOKENS + NOTICE_TOKENS));
}

/** One result of a message, as the budget sees it. */
export interface BudgetedResult {
  envelope: ToolResponse;
  toolName: string;
  direction?: "head" | "tail";
  hasTaskTool?: boolean;
}

/** Tokens the model reads of a result (its text). */
export function resultTokens(envelope: ToolResponse): number {
  return estimateTextTokens(envelope.text ?? "");
}

/**
 * The results of one message within `budget` tokens: those over their share are cut to
 * it by the truncator — spilled to the tool-output folder with a preview and a hint like
 * any big output, or, when already spilled, their preview cut shorter — so the next
 * request fits whatever many calls one message makes. Within the budget nothing changes;
 * without a truncator nothing can be saved, so nothing is cut.
 */
export async function fitResults(
  results: readonly BudgetedResult[],
  budget: number,
  truncator: ObservationTruncator | undefined,
): Promise<ToolResponse[]> {
  const envelopes = results.map((result) => result.envelope);
  if (!truncator || results.length === 0) return envelopes;
  const needs = envelopes.map(resultTokens);
  const total = needs.reduce((sum, need) => sum + need, 0);
  if (total <= budget) return envelopes;
  const room = Math.max(0, budget - NOTICE_TOKENS * results.length);
  const shares = shareBudget(needs, room);
  const note = `this result's share of the ${budget.toLocaleString("en-US")} tokens the ${results.length} results of one message may take`;
  return Promise.all(
    results.map(async (result, i) => {
      const need = needs[i]!;
      if (need <= shares[i]!) return result.envelope;
      const bytes = Buffer.byteLength(result.envelope.text ?? "", "utf8");
      const maxBytes = Math.max(1, Math.floor((shares[i]! * bytes) / Math.max(1, need)));
      return truncator.truncate(result.envelope, {
        toolName: result.toolName,
        maxBytes,
        limitNote: note,
        ...(result.direction ? { direction: result.direction } : {}),
        ...(result.hasTaskTool !== undefined ? { hasTaskTool: result.hasTaskTool } : {}),
      });
    }),
  );
}
