import { writeFileSync } from "node:fs";
import path from "node:path";
import {
  authErrorResponse,
  type RecordedRequest,
  textResponse,
  toolCallResponse,
} from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { runGong, sandbox, smallWindow } from "./harness.js";

const mock = useMockLlmServer();

/** ~4000 tokens each: with the system prompt, two cross the threshold below, one does not. */
const FILE_A = `${`${"alpha ".repeat(20)}\n`.repeat(135)}END-OF-A`;
const FILE_B = `${`${"bravo ".repeat(20)}\n`.repeat(135)}END-OF-B`;
const SUMMARY = "## Goal\nRead both files.\n## Progress\nSUMMARY-MARKER";

const messagesOf = (request: RecordedRequest) =>
  JSON.stringify((request.body as { messages: unknown }).messages);
const isSummaryCall = (request: RecordedRequest) =>
  JSON.stringify((request.body as { system?: unknown }).system ?? "").includes("summarization");

describe("item 9 — compaction survives resume", () => {
  it("-c after a compaction sends the summary and the kept messages, not the whole history", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    smallWindow(box, mock.anthropicBaseUrl);
    writeFileSync(path.join(box.cwd, "a.txt"), FILE_A);
    writeFileSync(path.join(box.cwd, "b.txt"), FILE_B);
    mock.enqueue([
      toolCallResponse([{ id: "toolu_a", name: "read", arguments: { path: "a.txt" } }]),
      toolCallResponse([{ id: "toolu_b", name: "read", arguments: { path: "b.txt" } }]),
      textResponse(SUMMARY), // the threshold is crossed inside the run: the summary call
      textResponse("Both read."),
    ]);
    const first = await runGong(["--model", "tiny/tiny-1", "-p", "read a.txt then b.txt"], box);
    expect(first.code).toBe(0);
    expect(mock.requests.filter(isSummaryCall)).toHaveLength(1);
    const afterCompaction = messagesOf(mock.requests.at(-1)!);
    expect(afterCompaction).toContain("SUMMARY-MARKER");
    expect(afterCompaction).not.toContain("END-OF-A");

    const sent = mock.requests.length;
    mock.enqueue(textResponse("Next done."));
    const resumed = await runGong(["-c", "-p", "next"], box);
    const firstResumed = mock.requests[sent]!;
    const body = messagesOf(firstResumed);
    expect(body).not.toContain("END-OF-A");
    expect(isSummaryCall(firstResumed)).toBe(false);
    expect(resumed.code).toBe(0);
    // The summary, the request that started the cut turn, the kept tail, the new prompt.
    expect(body).toContain("SUMMARY-MARKER");
    expect(body).toContain("read a.txt then b.txt");
    expect(body).toContain("END-OF-B");
    expect(body).toContain("next");
    expect(body.length).toBeLessThan(afterCompaction.length + 500);
  });

  it("a resumed session is measured afresh: usage from before its compaction does not compact it again", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    smallWindow(box, mock.anthropicBaseUrl);
    writeFileSync(path.join(box.cwd, "a.txt"), FILE_A);
    writeFileSync(path.join(box.cwd, "b.txt"), FILE_B);
    mock.enqueue([
      toolCallResponse([{ id: "toolu_a", name: "read", arguments: { path: "a.txt" } }], {
        usage: { input: 1500, output: 20 },
      }),
      // Answered in the context before the compaction: its usage describes that context.
      toolCallResponse([{ id: "toolu_b", name: "read", arguments: { path: "b.txt" } }], {
        usage: { input: 5600, output: 20 },
      }),
      textResponse(SUMMARY),
      authErrorResponse(), // the run ends before a new answer brings fresh usage
    ]);
    await runGong(["--model", "tiny/tiny-1", "-p", "read a.txt then b.txt"], box);
    expect(mock.requests.filter(isSummaryCall)).toHaveLength(1);

    const sent = mock.requests.length;
    mock.enqueue(textResponse("Next done."));
    const resumed = await runGong(["-c", "-p", "next"], box);
    expect(isSummaryCall(mock.requests[sent]!)).toBe(false);
    expect(messagesOf(mock.requests[sent]!)).toContain("SUMMARY-MARKER");
    expect(resumed.code).toBe(0);
  });

  it("a resumed session already over the threshold is compacted before its first request", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeFileSync(path.join(box.cwd, "a.txt"), FILE_A);
    writeFileSync(path.join(box.cwd, "b.txt"), FILE_B);
    // Built with the default model's 200k window: no compaction.
    mock.enqueue([
      toolCallResponse([{ id: "toolu_a", name: "read", arguments: { path: "a.txt" } }]),
      toolCallResponse([{ id: "toolu_b", name: "read", arguments: { path: "b.txt" } }]),
      textResponse("Both read.", { usage: { input: 9000, output: 10 } }),
    ]);
    expect((await runGong(["-p", "read a.txt then b.txt"], box)).code).toBe(0);
    expect(mock.requests.filter(isSummaryCall)).toHaveLength(0);

    smallWindow(box, mock.anthropicBaseUrl);
    const sent = mock.requests.length;
    mock.enqueue([textResponse(SUMMARY), textResponse("Next done.")]);
    const resumed = await runGong(["-c", "--model", "tiny/tiny-1", "-p", "next"], box);
    expect(resumed.code).toBe(0);
    expect(isSummaryCall(mock.requests[sent]!)).toBe(true);
    const body = messagesOf(mock.requests[sent + 1]!);
    expect(body).toContain("SUMMARY-MARKER");
    expect(body).not.toContain("END-OF-A");
    expect(body).toContain("next");
  });
});
