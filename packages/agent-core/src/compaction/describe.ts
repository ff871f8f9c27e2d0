import type { CompactionResult } from "./types.js";

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * What a compaction removed, in words every UI shows after its token counts: how many
 * messages the summary replaced and how many kept tool results were cut to fit (issue
 * 34.5: "compacted 647 694 tokens" was reported for a summary of one 1.5 KB prompt).
 */
export function compactionDetail(result: CompactionResult): string {
  const shortened = count(result.shortened, "tool result", "tool results");
  if (result.fallback) return `the summary failed, so ${shortened} were stubbed instead`;
  const parts = [`${count(result.summarised, "message", "messages")} summarised`];
  if (result.shortened > 0) parts.push(`${shortened} shortened to fit`);
  return parts.join(", ");
}
