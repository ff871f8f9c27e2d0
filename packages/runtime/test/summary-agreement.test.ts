import { extractSummary } from "@gong/agent-core";
import {
  COMPACTION_SUMMARY_PREFIX,
  COMPACTION_SUMMARY_SUFFIX,
  createInMemorySession,
} from "@gong/session-store";
import { describe, expect, it } from "vitest";

// session-store rebuilds the summary message on resume; agent-core must recognise it to
// update the summary incrementally at the next compaction. Neither depends on the
// other, so their agreement is pinned here, where both meet.
describe("compaction summary: written by session-store, read by agent-core", () => {
  it("a resumed summary message is recognised, multi-line summaries included", () => {
    const summary = "## Goal\nfix the login bug\n\n## Done\n- read src/a.ts";
    const text = `${COMPACTION_SUMMARY_PREFIX}${summary}${COMPACTION_SUMMARY_SUFFIX}`;
    expect(extractSummary({ role: "user", content: text, timestamp: 0 })).toBe(summary);

    const store = createInMemorySession({ cwd: "/p" });
    store.appendMessage({ role: "user", content: "old question", timestamp: 0 });
    const kept = store.appendMessage({ role: "user", content: "kept question", timestamp: 0 });
    store.appendCompaction({ summary, firstKeptEntryId: kept.id, tokensBefore: 1000 });
    const [first] = store.buildContext().messages;
    expect(first && extractSummary(first)).toBe(summary);
  });
});
