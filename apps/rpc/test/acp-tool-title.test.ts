import { toolCallSummary } from "@gong/render";
import { TOOL_SUMMARY_CASES } from "@gong/testing";
import { describe, expect, it } from "vitest";
import { toolTitle } from "../src/acp/tool-calls.js";

const CALLS = TOOL_SUMMARY_CASES;

describe("ACP — a tool call's title is its name and the summary every face shows", () => {
  it.each(CALLS)("$name", ({ name, args, shown }) => {
    expect(toolCallSummary(name, args)).toBe(shown);
    expect(toolTitle(name, args)).toBe(`${name} ${shown}`);
  });

  it("a call with nothing to show is titled by its name", () => {
    expect(toolTitle("ls", {})).toBe("ls");
  });
});
