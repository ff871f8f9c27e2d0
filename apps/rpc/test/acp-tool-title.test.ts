import { toolCallSummary } from "@gong/render";
import { describe, expect, it } from "vitest";
import { toolTitle } from "../src/acp/tool-calls.js";

/** Calls and what every face shows beside the tool's name (apps/cli/test/tool-call-summary.test.ts). */
const CALLS: { name: string; args: Record<string, unknown>; shown: string }[] = [
  {
    name: "bash",
    args: { command: "cd app &&\n  npm test", timeout: 60 },
    shown: "cd app && npm test",
  },
  { name: "read", args: { path: "src/a.ts", offset: 3 }, shown: "src/a.ts" },
  { name: "grep", args: { pattern: "TODO", path: "src" }, shown: "TODO" },
  {
    name: "web_fetch",
    args: { url: "https://example.com/docs", prompt: "api" },
    shown: "https://example.com/docs",
  },
  { name: "mcp__docs__search", args: { limit: 3, query: "typebox" }, shown: "typebox" },
  {
    name: "task",
    args: { description: "find the parser", prompt: "Look…" },
    shown: "find the parser",
  },
];

describe("ACP — a tool call's title is its name and the summary every face shows", () => {
  it.each(CALLS)("$name", ({ name, args, shown }) => {
    expect(toolCallSummary(name, args)).toBe(shown);
    expect(toolTitle(name, args)).toBe(`${name} ${shown}`);
  });

  it("a call with nothing to show is titled by its name", () => {
    expect(toolTitle("ls", {})).toBe("ls");
  });
});
