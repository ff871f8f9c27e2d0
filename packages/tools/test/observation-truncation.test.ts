import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { createObservationTruncator, resolveObservationConfig } from "@gong/truncate";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ToolResponse } from "../src/index.js";
import { makeProject, type Project } from "./helpers.js";

let project: Project;
beforeEach(() => {
  project = makeProject();
});
afterEach(() => project.cleanup());

/** The agent's last step for every tool result (agent-core execute-tools): bash is cut from the tail. */
async function throughObservationTruncator(tool: string, response: ToolResponse) {
  const config = resolveObservationConfig({ rootDir: project.dir }, {});
  if (!config.ok) throw new Error(config.error);
  return createObservationTruncator(config.config).truncate(response, {
    toolName: tool,
    ...(tool === "bash" ? { direction: "tail" as const } : {}),
  });
}

/** Files the observation truncator spilled (bash's own log is not one of them). */
function spills(): string[] {
  const dir = project.file(".tool-output");
  return existsSync(dir) ? readdirSync(dir).filter((name) => name.startsWith("tool_")) : [];
}

/**
 * bash, grep, find and ls cut their own text to the limits, then add a header, notices
 * and next steps, which put it just over the limits: the observation truncator cut it
 * again and dropped the tool's own notice and next steps.
 */
describe("regression — output a tool already truncated is not cut a second time", () => {
  it("bash seq 1 3000 keeps its own notice and next step", async () => {
    const response = await project.call("bash", { command: "seq 1 3000" });
    expect(response.data.truncated).toBe(true);
    const seen = await throughObservationTruncator("bash", response);
    expect(seen).toBe(response);
    expect(seen.text).toContain("[Showing lines 1001-3000 of 3000 (2000-line limit");
    expect(seen.text).toContain("Recommended next step:");
    expect(spills()).toEqual([]);
  });

  it("bash failing after truncated output keeps its own notice and the exit code", async () => {
    const response = await project.call("bash", { command: "seq 1 3000; exit 3" });
    expect(response.error?.code).toBe("EXECUTION_ERROR");
    const seen = await throughObservationTruncator("bash", response);
    expect(seen).toBe(response);
    expect(seen.text).toContain("[Showing lines 1001-3000 of 3000 (2000-line limit");
    expect(seen.text).toContain("Command exited with code 3");
    expect(spills()).toEqual([]);
  });

  it("grep with 1500 long matches keeps its 50.0KB notice and next steps", async () => {
    writeFileSync(project.file("big.txt"), `needle ${"x".repeat(100)}\n`.repeat(1500));
    const response = await project.call("grep", { pattern: "needle", limit: 2000 });
    const seen = await throughObservationTruncator("grep", response);
    expect(seen).toBe(response);
    expect(seen.text).toContain("50.0KB limit reached");
    expect(seen.text).toContain("Recommended next step:");
    expect(spills()).toEqual([]);
  });

  describe("find and ls over 50 KB of names", () => {
    beforeEach(() => {
      mkdirSync(project.file("many"));
      for (let i = 0; i < 1000; i++) {
        writeFileSync(project.file(`many/${String(i).padStart(4, "0")}${"n".repeat(110)}.txt`), "");
      }
    });

    it("find keeps its 50.0KB notice and next step", async () => {
      const response = await project.call("find", { pattern: "*.txt", path: "many" });
      const seen = await throughObservationTruncator("find", response);
      expect(seen).toBe(response);
      expect(seen.text).toContain("50.0KB limit reached");
      expect(seen.text).toContain("Recommended next step:");
      expect(spills()).toEqual([]);
    });

    it("ls keeps its 50.0KB notice and next steps", async () => {
      const response = await project.call("ls", { path: "many" });
      const seen = await throughObservationTruncator("ls", response);
      expect(seen).toBe(response);
      expect(seen.text).toContain("50.0KB limit reached");
      expect(seen.text).toContain("Recommended next step:");
      expect(spills()).toEqual([]);
    });
  });
});
