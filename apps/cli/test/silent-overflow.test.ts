import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type RecordedRequest, textResponse, toolCallResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { jsonLines, runGong, type Sandbox, sandbox, smallWindow } from "./harness.js";

const mock = useMockLlmServer();

const SUMMARY = "## Goal\nRead the notes.\n## Progress\nSUMMARY-MARKER";
/** ~1 700 + ~400 tokens: far below the window by any estimate of ours. */
const EARLIER = `earlier request ${"context ".repeat(1300)}`;
/** Big enough to be the kept tail on its own, so the earlier request can be summarised. */
const NOTES = `NOTES-BODY ${"note ".repeat(300)}`;

/** The provider answers without an error but says it took more input than the window. */
const silentlyOverflowing = () =>
  toolCallResponse([{ id: "toolu_n", name: "read", arguments: { path: "notes.txt" } }], {
    usage: { input: 9000, output: 20 },
  });

const messagesOf = (request: RecordedRequest) =>
  JSON.stringify((request.body as { messages: unknown }).messages);
const isSummaryCall = (request: RecordedRequest) =>
  JSON.stringify((request.body as { system?: unknown }).system ?? "").includes("summarization");

function sessionEntries(box: Sandbox): Record<string, unknown>[] {
  const dir = path.join(box.gongHome, "sessions");
  const [project] = readdirSync(dir);
  const [file] = readdirSync(path.join(dir, project!));
  return readFileSync(path.join(dir, project!, file!), "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe("issue: bad input — a silent overflow triggers compaction", () => {
  it("usage above the window without an error compacts (overflow) before the next request", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    smallWindow(box, mock.anthropicBaseUrl);
    writeFileSync(path.join(box.cwd, "notes.txt"), NOTES);
    mock.enqueue([textResponse("Noted.")]);
    expect((await runGong(["--model", "tiny/tiny-1", "-p", EARLIER], box)).code).toBe(0);

    const sent = mock.requests.length;
    mock.enqueue([silentlyOverflowing(), textResponse(SUMMARY), textResponse("Read.")]);
    const run = await runGong(
      ["-c", "--model", "tiny/tiny-1", "--mode", "json", "-p", "read notes.txt"],
      box,
    );
    expect(run.code, run.stderr).toBe(0);
    expect(jsonLines(run.stdout).find((e) => e.type === "compaction_start")).toMatchObject({
      reason: "overflow",
    });
    expect(isSummaryCall(mock.requests[sent + 1]!)).toBe(true);
    const next = messagesOf(mock.requests[sent + 2]!);
    expect(next).toContain("SUMMARY-MARKER");
    expect(next).not.toContain("earlier request");
    expect(next).toContain("NOTES-BODY");
    expect(sessionEntries(box).filter((e) => e.type === "compaction")).toHaveLength(1);
  });

  it("autoCompaction false: no compaction, a warning that suggests /compact", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    smallWindow(box, mock.anthropicBaseUrl, { autoCompaction: false });
    writeFileSync(path.join(box.cwd, "notes.txt"), NOTES);
    mock.enqueue([silentlyOverflowing(), textResponse("Read.")]);
    const run = await runGong(["--model", "tiny/tiny-1", "-p", "read notes.txt"], box);
    expect(run.code, run.stderr).toBe(0);
    expect(mock.requests.filter(isSummaryCall)).toHaveLength(0);
    expect(run.stderr).toMatch(/warning: .*9000 input tokens.*8000.*\/compact/);
    expect(sessionEntries(box).some((e) => e.type === "compaction")).toBe(false);
  });
});
