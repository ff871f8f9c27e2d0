import { expect, it } from "vitest";
import { makeProject } from "../helpers.js";
import { installed } from "../search-engines.js";
import { peakGrowthMb, writeLongLine } from "./measure.js";

it.skipIf(!installed.rg)(
  "bad input item 2 — grep through ripgrep of one 10 MB line: bounded memory, the match cut to 500 chars",
  async () => {
    const project = makeProject({});
    try {
      writeLongLine(project);
      const { growthMb, response } = await peakGrowthMb(() =>
        project.call("grep", { pattern: "a{5}" }),
      );
      expect(response.data.engine).toBe("rg");
      expect(response.data.matches).toEqual([
        { file: "one-line.txt", line: 1, text: expect.stringMatching(/^a{500}/) },
      ]);
      expect(response.data.lines_truncated).toBe(true);
      expect(growthMb).toBeLessThan(100);
    } finally {
      project.cleanup();
    }
  },
);
