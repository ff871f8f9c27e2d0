/**
 * Peak memory of one tool call, for the "bad input never floods" memory items. The
 * measure is the process's high-water RSS after the call minus the RSS before it, so
 * each measured call has its own test file (vitest runs each file in a fresh process):
 * after an earlier big call the heap has room to spare and would hide the growth.
 * Test data is written in blocks, so it never exists as one big string here either.
 */
import { appendFileSync, writeFileSync } from "node:fs";
import type { ToolResponse } from "../../src/index.js";
import type { Project } from "../helpers.js";

export async function peakGrowthMb(
  run: () => Promise<ToolResponse>,
): Promise<{ growthMb: number; response: ToolResponse }> {
  const before = process.memoryUsage().rss;
  const response = await run();
  const growthMb = (process.resourceUsage().maxRSS * 1024 - before) / 1024 / 1024;
  return { growthMb, response };
}

/** `count` blocks of `block` appended one by one. */
export function writeBlocks(file: string, block: string, count: number): void {
  writeFileSync(file, "");
  for (let i = 0; i < count; i++) appendFileSync(file, block);
}

/** `one-line.txt`: one 10 MB line of "a", then "NEEDLE" and a newline. */
export function writeLongLine(project: Project): void {
  writeBlocks(project.file("one-line.txt"), "a".repeat(1024 * 1024), 10);
  appendFileSync(project.file("one-line.txt"), "NEEDLE\n");
}
