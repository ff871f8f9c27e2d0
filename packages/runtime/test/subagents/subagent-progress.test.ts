import type { ToolResponse } from "@gong/base";
import { toolCallSummary } from "@gong/tools";
import { describe, expect, it } from "vitest";
import { SubagentProgress } from "../../src/subagents/subagent-progress.js";

describe("subagent progress — its current call as every face shows it (toolCallSummary)", () => {
  it("a web_fetch and an MCP call show the same summary as the terminal, ACP and the export", async () => {
    const updates: ToolResponse[] = [];
    let seen = (): void => {};
    const progress = new SubagentProgress("explore", "find the docs", (partial) => {
      updates.push(partial);
      seen();
    });
    const currentAfter = async (toolName: string, args: Record<string, unknown>) => {
      const next = new Promise<void>((resolve) => {
        seen = resolve;
      });
      progress.onEvent({ type: "tool_execution_start", toolCallId: "c", toolName, args });
      await next;
      return updates.at(-1)?.data.current;
    };
    try {
      const fetch = { url: "https://example.com/docs", prompt: "the API" };
      expect(await currentAfter("web_fetch", fetch)).toBe("web_fetch https://example.com/docs");
      const search = { limit: 3, query: "typebox\nschemas" };
      expect(await currentAfter("mcp__docs__search", search)).toBe(
        `mcp__docs__search ${toolCallSummary("mcp__docs__search", search)}`,
      );
      expect(updates.at(-1)?.text).toContain("explore: mcp__docs__search typebox schemas ·");
    } finally {
      progress.stop();
    }
  });
});
