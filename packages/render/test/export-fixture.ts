import type { AssistantMessage, Usage } from "@gong/llm";
import type { ExportDocument } from "../src/document.js";

export function usage(input: number, output: number, cost = 0.001): Usage {
  return {
    input,
    output,
    cacheRead: 0,
    cacheWrite: 0,
    totalTokens: input + output,
    cost: { input: cost / 2, output: cost / 2, cacheRead: 0, cacheWrite: 0, total: cost },
  };
}

function assistant(
  content: AssistantMessage["content"],
  u: Usage,
  stopReason: AssistantMessage["stopReason"],
): AssistantMessage {
  return {
    role: "assistant",
    content,
    api: "anthropic-messages",
    provider: "anthropic",
    model: "claude-test",
    usage: u,
    stopReason,
    timestamp: 1,
  };
}

/** A session that reads, edits a file (with a diff), and answers: the export's showcase. */
export function sampleDocument(): ExportDocument {
  return {
    sessionId: "0199-test-session",
    cwd: "/work/project",
    createdAt: "2026-11-21T19:00:00.000Z",
    items: [
      {
        kind: "message",
        message: { role: "user", content: "Rename greet to <hello> in a.ts", timestamp: 1 },
      },
      {
        kind: "message",
        message: assistant(
          [
            { type: "thinking", thinking: "I should read the file first." },
            {
              type: "toolCall",
              id: "call_1",
              name: "edit",
              arguments: { path: "a.ts", oldText: "greet", newText: "hello" },
            },
          ],
          usage(1200, 80),
          "toolUse",
        ),
      },
      {
        kind: "message",
        message: {
          role: "toolResult",
          toolCallId: "call_1",
          toolName: "edit",
          // As the edit tool reports it at output level standard: the outcome, then the diff.
          content: [
            {
              type: "text",
              text: "Successfully replaced text in a.ts.\n\n--- a.ts\n+++ a.ts\n@@ -1 +1 @@\n-export function greet() {}\n+export function hello() {}",
            },
          ],
          details: {
            status: "success",
            data: {
              applied: true,
              diff: "--- a.ts\n+++ a.ts\n@@ -1 +1 @@\n-export function greet() {}\n+export function hello() {}\n",
            },
          },
          isError: false,
          timestamp: 2,
        },
      },
      {
        kind: "message",
        message: assistant(
          [{ type: "text", text: "Done: greet is now hello." }],
          usage(1400, 20),
          "stop",
        ),
      },
    ],
  };
}
