import { expect, it } from "vitest";
import { makeProject } from "../helpers.js";
import { peakGrowthMb, writeBlocks } from "./measure.js";

it("bad input item 4 — without rg, grep of a 60 MB file reads it in chunks, not whole", async () => {
  const project = makeProject({ operations: { search: { envPath: "/nonexistent-bin" } } });
  try {
    writeBlocks(project.file("big.log"), `${"x".repeat(59)}\n`.repeat(16 * 1024), 64);
    const { growthMb, response } = await peakGrowthMb(() =>
      project.call("grep", { pattern: "NEEDLE" }),
    );
    expect(response.data.fallback).toBe("node");
    expect(response.data.total_matches).toBe(0);
    // Read whole it would take the 60 MB buffer plus its string (≥ 120 MB); chunked reading
    // peaked at 41 MB once on a loaded machine, where garbage is collected later.
    expect(growthMb).toBeLessThan(50);
  } finally {
    project.cleanup();
  }
});
