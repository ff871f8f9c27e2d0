import { escapeHtml, renderMessage, toolCallSummary } from "@gong/render";
import type { Message } from "@gong/runtime";
import { TOOL_SUMMARY_CASES } from "@gong/testing";
import { describe, expect, it } from "vitest";
import { type ToolCallView, toolBlockLines } from "../src/interactive/render/tool-block.js";
import { activityOf } from "../src/interactive/session-status.js";
import { StatusLine } from "../src/modes/status-line.js";

// biome-ignore lint/suspicious/noControlCharactersInRegex: colours are stripped to read the text
const plain = (line: string) => line.replace(/\x1b\[[0-9;]*m/g, "");

const CALLS = TOOL_SUMMARY_CASES;

/** An assistant message that makes one call (id t1), as the export and the page render it. */
function assistantCalling(name: string, args: Record<string, unknown>): Message {
  const zero = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
  return {
    role: "assistant",
    content: [{ type: "toolCall", id: "t1", name, arguments: args }],
    api: "anthropic-messages",
    provider: "anthropic",
    model: "m",
    usage: { ...zero, totalTokens: 0, cost: { ...zero, total: 0 } },
    stopReason: "toolUse",
    timestamp: 1,
  };
}

function startEvent(name: string, args: Record<string, unknown>) {
  return { type: "tool_execution_start" as const, toolCallId: "t1", toolName: name, args };
}

describe("a tool call's summary — the same on every face (toolCallSummary)", () => {
  it.each(CALLS)("$name: the lookup says what the call is about", ({ name, args, shown }) => {
    expect(toolCallSummary(name, args)).toBe(shown);
  });

  it.each(CALLS)("$name: the terminal's tool block", ({ name, args, shown }) => {
    const view: ToolCallView = { name, args }; // streamed, not started: no time shown
    expect(plain(toolBlockLines(view, 200, 0)[0] ?? "")).toBe(`○ ${name} ${shown}`);
  });

  it.each(CALLS)(
    "$name: the interactive status and print mode's status line",
    ({ name, args, shown }) => {
      expect(activityOf(startEvent(name, args))).toBe(`running ${name} ${shown}`);
      const chunks: string[] = [];
      const status = new StatusLine({ columns: 200, write: (text) => chunks.push(text) }, () => 0);
      status.onEvent(startEvent(name, args));
      expect(chunks.at(-1)).toBe(`\r\x1b[2Kgong: ${name} ${shown} · 0 s`);
    },
  );

  it.each(CALLS)("$name: the HTML export and gong web's page", ({ name, args, shown }) => {
    const message = assistantCalling(name, args);
    const html = renderMessage(message, new Map(), new Set(["t1"]));
    expect(html).toContain(`<summary>${escapeHtml(`${name} ${shown}`)}</summary>`);
  });

  it("a call with nothing to show is its name alone on every face", () => {
    expect(plain(toolBlockLines({ name: "ls", args: {} }, 80, 0)[0] ?? "")).toBe("○ ls");
    expect(activityOf(startEvent("ls", {}))).toBe("running ls");
    const message = assistantCalling("ls", {});
    expect(renderMessage(message, new Map(), new Set(["t1"]))).toContain("<summary>ls</summary>");
  });
});
