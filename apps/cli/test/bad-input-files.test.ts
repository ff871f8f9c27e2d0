/**
 * Issue "Bad input never hangs, crashes or floods", through the gong binary: a FIFO the
 * model reads is an error result, not a hang; every file a result points to (bash's
 * log, a spilled result, a skill's resources) can be opened by the model's next read.
 */
import { type ChildProcess, execFileSync } from "node:child_process";
import {
  closeSync,
  constants,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { textResponse, toolCallResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { afterEach, describe, expect, it } from "vitest";
import { jsonLines, runGong, sandbox, waitFor } from "./harness.js";

const mock = useMockLlmServer();

interface ToolEnd {
  type: string;
  toolCallId: string;
  toolName: string;
  result: { status: string; error?: { code: string }; text: string; data: Record<string, unknown> };
}

function toolEnds(stdout: string): ToolEnd[] {
  return jsonLines(stdout).filter((line) => line.type === "tool_execution_end") as never;
}

/** A reader blocked on the FIFO (the bug) gets EOF, so a red run can still end. */
function releaseFifo(file: string): void {
  try {
    closeSync(openSync(file, constants.O_WRONLY | constants.O_NONBLOCK));
  } catch {
    // Nobody is blocked on it.
  }
}

const fifos: string[] = [];
const folders: string[] = [];
afterEach(() => {
  for (const fifo of fifos.splice(0)) releaseFifo(fifo);
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("bad input item 1 — a FIFO is never opened (gong binary)", () => {
  it("the model reads a FIFO: an INVALID_PARAM result, the run completes", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const fifo = path.join(box.cwd, "pipe.txt");
    execFileSync("mkfifo", [fifo]);
    fifos.push(fifo);
    mock.enqueue([
      toolCallResponse([{ id: "toolu_fifo", name: "read", arguments: { path: "pipe.txt" } }]),
      textResponse("done"),
    ]);
    const run = await runGong(["--mode", "json", "-p", "read the pipe"], box, {});
    expect(run.code).toBe(0);
    const [end] = toolEnds(run.stdout);
    expect(end!.result.error?.code).toBe("INVALID_PARAM");
    expect(end!.result.text).toContain("pipe.txt is a FIFO, not a regular file");
  });

  it("SIGINT after the FIFO read, while the next tool blocks: exit 130", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const fifo = path.join(box.cwd, "pipe.txt");
    execFileSync("mkfifo", [fifo]);
    fifos.push(fifo);
    mock.enqueue([
      toolCallResponse([{ id: "toolu_fifo", name: "read", arguments: { path: "pipe.txt" } }]),
      toolCallResponse([{ id: "toolu_wait", name: "bash", arguments: { command: "sleep 30" } }]),
      textResponse("done"),
    ]);
    let child: ChildProcess | undefined;
    let stdout = "";
    const running = runGong(["--mode", "json", "-p", "read the pipe, then wait"], box, {
      onSpawn: (spawned) => {
        child = spawned;
        spawned.stdout!.on("data", (chunk: Buffer) => {
          stdout += chunk.toString("utf8");
        });
      },
    });
    await waitFor(() => /"tool_execution_start".*"toolName":"bash"/.test(stdout));
    child!.kill("SIGINT");
    const run = await running;
    expect(run.code).toBe(130);
  });
});

/** The paths under `dir` named in the last request the model got. */
function pathsUnder(dir: string, index: number): string[] {
  const body = JSON.stringify(mock.requests[index]?.body ?? {});
  const pattern = new RegExp(`${dir.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/[\\w.-]+`, "g");
  return [...new Set(body.match(pattern) ?? [])];
}

describe("bad input item 5 — every file a result points to can be opened (gong binary)", () => {
  it("with TOOL_OUTPUT_DIR outside the project, bash's log and a spilled result are there, and the model reads both", async () => {
    const outputDir = mkdtempSync(path.join(tmpdir(), "gong-tool-output-"));
    folders.push(outputDir);
    const box = sandbox(mock.anthropicBaseUrl, {
      TOOL_OUTPUT_DIR: outputDir,
      TOOL_OUTPUT_MAX_LINES: "5",
    });
    mock.enqueue(
      toolCallResponse([
        { id: "toolu_big", name: "bash", arguments: { command: "seq 1 100000" } },
        { id: "toolu_spill", name: "bash", arguments: { command: "seq 1 20" } },
      ]),
    );
    // The second answer reads whatever paths the first results named.
    mock.setFallback(() => {
      if (mock.requests.length > 2) return textResponse("done");
      const calls = pathsUnder(outputDir, 1).map((file, i) => ({
        id: `toolu_read${i}`,
        name: "read",
        arguments: { path: file, limit: 3 },
      }));
      return calls.length > 0 ? toolCallResponse(calls) : textResponse("no paths");
    });
    const run = await runGong(["--mode", "json", "-p", "count"], box);
    expect(run.code).toBe(0);
    const ends = toolEnds(run.stdout);
    expect(ends[0]!.result.data.full_output_path).toMatch(
      new RegExp(`^${outputDir}/bash_.*\\.log$`),
    );
    expect(ends[1]!.result.text).toContain(outputDir);
    const reads = ends.filter((end) => end.toolName === "read");
    expect(reads.length).toBeGreaterThanOrEqual(2);
    for (const read of reads) expect(read.result.error?.code).toBeUndefined();
    expect(existsSync(path.join(box.cwd, ".tool-output"))).toBe(false);
  });

  it("a global skill's resource file can be read without --allow-path, but not written", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const skill = path.join(box.gongHome, "skills", "pdf-tools");
    mkdirSync(skill, { recursive: true });
    writeFileSync(
      path.join(skill, "SKILL.md"),
      "---\nname: pdf-tools\ndescription: Builds PDF reports.\n---\nSee reference.md.\n",
    );
    writeFileSync(path.join(skill, "reference.md"), "SKILL-REFERENCE-77\n");
    const resource = path.join(skill, "reference.md");
    mock.enqueue([
      toolCallResponse([
        { id: "toolu_read", name: "read", arguments: { path: resource } },
        { id: "toolu_grep", name: "grep", arguments: { pattern: "REFERENCE", path: skill } },
        { id: "toolu_write", name: "write", arguments: { path: resource, content: "changed\n" } },
      ]),
      textResponse("done"),
    ]);
    const run = await runGong(["--mode", "json", "-p", "use the skill"], box);
    expect(run.code).toBe(0);
    const [read, grep, write] = toolEnds(run.stdout);
    expect(read!.result.text).toContain("SKILL-REFERENCE-77");
    expect(grep!.result.data.total_matches).toBe(1);
    // Refused by the path policy, or before it: a file under GONG_HOME is gong's own
    // configuration, which needs the user's yes (denied in json mode).
    expect(["ACCESS_DENIED", "BLOCKED"]).toContain(write!.result.error?.code);
    expect(readFileSync(resource, "utf8")).toBe("SKILL-REFERENCE-77\n");
  });
});
