import { expect, it } from "vitest";
import { makeProject } from "../helpers.js";
import { peakGrowthMb, writeLongLine } from "./measure.js";

it.skipIf(false)(
  "bad input item 2 — grep through the Node fallback (no rg on PATH) of one 10 MB line: bounded memory, the match cut to 500 chars",
  async () => {
    const project = makeProject({ operations: { search: { envPath: "/nonexistent-bin" } } });
    try {
      writeLongLine(project);
      const { growthMb, response } = await peakGrowthMb(() =>
        project.call("grep", { pattern: "a{5}" }),
      );
      expect(response.data.engine).toBe("node");
      expect(response.data.matches).toEqual([
        { file: "one-line.txt", line: 1, text: expect.stringMatching(/^a{500}/) },
      ]);
      expect(response.data.lines_truncated).toBe(true);
      expect(response.text).toContain(
        "lines longer than 1 MB were searched in their first MB only",
      );
      expect(growthMb).toBeLessThan(100);
    } finally {
      project.cleanup();
    }
  },
);
