import { expect, it } from "vitest";
import { makeProject } from "../helpers.js";
import { peakGrowthMb, writeLongLine } from "./measure.js";

it("bad input item 2 — read of one 10 MB line stays within bounded memory", async () => {
  const project = makeProject();
  try {
    writeLongLine(project);
    const { growthMb, response } = await peakGrowthMb(() =>
      project.call("read", { path: "one-line.txt" }),
    );
    expect(response.data.first_line_exceeds_limit).toBe(true);
    expect(growthMb).toBeLessThan(100);
  } finally {
    project.cleanup();
  }
});
