import { readFileSync } from "node:fs";
import { type RecordedRequest, textResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { runGong, sandbox, sessionFiles } from "./harness.js";

const mock = useMockLlmServer();

const isSummaryCall = (request: RecordedRequest) =>
  JSON.stringify((request.body as { system?: unknown }).system ?? "").includes("summarization");

describe("compaction — an explicit --compact compacts a short session (issue 22.4)", () => {
  it("a few short turns, far inside the keep-recent window, are compacted up to the last user turn", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue(textResponse("answer one"));
    expect((await runGong(["-p", "question one"], box)).code).toBe(0);
    for (const n of ["two", "three"]) {
      mock.enqueue(textResponse(`answer ${n}`));
      expect((await runGong(["-c", "-p", `question ${n}`], box)).code).toBe(0);
    }
    mock.enqueue(textResponse("## Goal\nSUMMARY-22-4"));
    const run = await runGong(["--compact", "-c"], box);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^Compacted \d+ tokens into \d+: \d+ messages? summarised \(.*\.jsonl\)\.\n$/,
    );
    // The two older turns were summarised; the last user turn stays verbatim.
    const summarised = JSON.stringify(mock.requests.filter(isSummaryCall).at(-1)?.body);
    expect(summarised).toContain("question two");
    expect(summarised).not.toContain("question three");
    mock.enqueue(textResponse("answer four"));
    expect((await runGong(["-c", "-p", "question four"], box)).code).toBe(0);
    const sent = JSON.stringify(mock.requests.at(-1)!.body);
    expect(sent).toContain("SUMMARY-22-4");
    expect(sent).not.toContain("question one");
    expect(sent).toContain("question three");
    const [file] = sessionFiles(box.gongHome);
    expect(readFileSync(file!, "utf8")).toContain('"type":"compaction"');
  });
});
