import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { textResponse, toolCallResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { jsonLines, runGong, type Sandbox, sandbox, writeSettings } from "./harness.js";

const mock = useMockLlmServer();

/** Writes an executable shell script into the gong home and returns its path. */
function script(box: Sandbox, name: string, body: string): string {
  const file = path.join(box.gongHome, name);
  writeFileSync(file, `#!/bin/sh\n${body}\n`, { mode: 0o755 });
  return file;
}

/** A folder `x` with a file in it, and a model that tries `rm -rf x` once. */
function doomedFolder(box: Sandbox): string {
  const target = path.join(box.cwd, "x");
  mkdirSync(target);
  writeFileSync(path.join(target, "keep.txt"), "precious");
  mock.enqueue([
    toolCallResponse([{ id: "toolu_rm", name: "bash", arguments: { command: "rm -rf x" } }]),
    textResponse("Could not delete it."),
  ]);
  return target;
}

describe("security — a failing hook never disarms the next", () => {
  function guardedBox(first: (box: Sandbox) => string) {
    const box = sandbox(mock.anthropicBaseUrl);
    const failing = first(box);
    const guard = script(
      box,
      "guard.sh",
      'cat >/dev/null\necho "rm -rf is not allowed" >&2\nexit 2',
    );
    writeSettings(box.gongHome, {
      hooks: {
        PreToolUse: [
          { matcher: "Bash", hooks: [{ type: "command", command: failing }] },
          { matcher: "Bash", hooks: [{ type: "command", command: guard }] },
        ],
      },
    });
    return { box, failing };
  }

  it("a logging hook that exits 1 before a guard: rm -rf is blocked, one warning line", async () => {
    const { box, failing } = guardedBox((b) =>
      script(b, "log.sh", 'cat >/dev/null\necho "log server down" >&2\necho "more" >&2\nexit 1'),
    );
    const target = doomedFolder(box);
    const run = await runGong(["-p", "delete x"], box);
    expect(run.code).toBe(0);
    expect(existsSync(path.join(target, "keep.txt"))).toBe(true);
    expect(run.stderr).toBe(
      `gong: warning: PreToolUse hook "${failing}" failed (exit 1): log server down\n`,
    );
    expect(JSON.stringify(mock.requests[1]?.body)).toContain("rm -rf is not allowed");
  });

  it("a missing hook script before a guard: rm -rf is blocked, one warning line", async () => {
    const { box, failing } = guardedBox((b) => path.join(b.gongHome, "missing.sh"));
    const target = doomedFolder(box);
    const run = await runGong(["-p", "delete x"], box);
    expect(run.code).toBe(0);
    expect(existsSync(path.join(target, "keep.txt"))).toBe(true);
    const lines = run.stderr.trimEnd().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(`^gong: warning: PreToolUse hook "${failing}" failed \\(exit 127\\): .*not found`),
    );
  });

  it("in json mode the failure is one warning event with the same text", async () => {
    const { box, failing } = guardedBox((b) =>
      script(b, "log.sh", 'cat >/dev/null\necho "log server down" >&2\nexit 1'),
    );
    const target = doomedFolder(box);
    const run = await runGong(["--mode", "json", "delete x"], box);
    expect(run.code).toBe(0);
    expect(existsSync(target)).toBe(true);
    const warnings = jsonLines(run.stdout).filter((e) => e.type === "warning");
    expect(warnings).toEqual([
      { type: "warning", message: `PreToolUse hook "${failing}" failed (exit 1): log server down` },
    ]);
  });
});
