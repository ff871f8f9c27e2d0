import { textResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { runGong, sandbox } from "./harness.js";

// Issue 39 (bench "resume -c, 50 000 entries"): four characters of the tool descriptions
// (two em dashes, two ellipses) made every request body non-ASCII, so a server that
// decodes it to a JS string held all 26 MB as two bytes a character: the mock took
// 153-197 ms to parse Gong's body and 107-117 ms for pi's, which is the same size.
// Gong's own text in a request (system prompt, tools) stays ASCII; the conversation's
// text is the user's and goes as it is.

const mock = useMockLlmServer();

/** Every non-ASCII character of `text` with a little of what is around it. */
function nonAscii(text: string): string[] {
  return [...text.matchAll(/[^ -~\t\n\r]/g)].map((m) =>
    text.slice(Math.max(0, m.index - 30), m.index + 10),
  );
}

describe("Gong's own text in a request is ASCII", () => {
  it("a prompt run's request, with the default tools, holds only ASCII for an ASCII prompt", async () => {
    mock.setFallback(textResponse("ok"));
    const run = await runGong(["-p", "--no-session", "say ok"], sandbox(mock.anthropicBaseUrl));
    expect(run.code).toBe(0);
    expect(mock.requests).toHaveLength(1);
    const body = JSON.stringify(mock.requests[0]!.body);
    expect(body).toContain('"tools"');
    expect(nonAscii(body)).toEqual([]);
  });
});
