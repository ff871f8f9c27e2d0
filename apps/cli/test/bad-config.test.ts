import { execFileSync } from "node:child_process";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { textResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { jsonLines, runGong, sandbox } from "./harness.js";

const mock = useMockLlmServer();

function systemOf(index: number): string {
  const request = mock.requests[index];
  if (!request) throw new Error(`no request #${index} (got ${mock.requests.length})`);
  const system = (request.body as { system?: string | { text: string }[] }).system;
  return typeof system === "string" ? system : (system ?? []).map((s) => s.text).join("\n");
}

const warnings = (stderr: string) =>
  stderr.split("\n").filter((line) => line.startsWith("gong: warning: "));

describe("bad input — wrong configuration is a warning with file:line:column, never fatal", () => {
  it('"preset": "nope" and a hook that is not an array: the run completes, two warnings', async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const file = path.join(box.gongHome, "settings.json");
    writeFileSync(
      file,
      '{\n  // comments are allowed\n  "preset": "nope",\n  "hooks": { "PreToolUse": "echo hi" },\n}\n',
    );
    mock.enqueue([textResponse("fine")]);
    const run = await runGong(["-p", "hello"], box);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("fine");
    expect(warnings(run.stderr)).toEqual([
      `gong: warning: ${file}:3:13: "preset" must be one of "default", "minimal", "readonly" (found "nope"); the key was ignored`,
      `gong: warning: ${file}:4:28: "hooks.PreToolUse" must be an array of objects (found "echo hi"); the key was ignored`,
    ]);
  });

  it("an unknown hook event, a hook without a command and a bad matcher: one json warning event each", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const file = path.join(box.cwd, ".gong", "settings.json");
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(
      path.join(box.gongHome, "settings.json"),
      JSON.stringify({
        trustedFolders: [box.cwd],
        hooks: {
          PreToolUse: [{ matcher: "Bash(", hooks: [{ type: "command", command: "true" }] }],
          Stopp: [],
          Stop: [{ hooks: [{ type: "command" }, { type: "prompt", command: "x" }] }],
        },
        retry: { maxRetries: -1 },
      }),
    );
    mock.enqueue([textResponse("fine")]);
    const run = await runGong(["-p", "--mode", "json", "hello"], box);
    expect(run.code).toBe(0);
    const messages = jsonLines(run.stdout)
      .filter((event) => event.type === "warning")
      .map((event) => String(event.message));
    expect(messages).toEqual([
      expect.stringMatching(
        /settings\.json:1:\d+: "hooks\.PreToolUse\[0\]\.matcher" must be a regular expression/,
      ),
      expect.stringMatching(
        /settings\.json:1:\d+: unknown key "hooks\.Stopp" \(known: PreToolUse, /,
      ),
      expect.stringMatching(/settings\.json:1:\d+: "hooks\.Stop\[0\]\.hooks\[0\]" needs "command"/),
      expect.stringMatching(
        /settings\.json:1:\d+: "hooks\.Stop\[0\]\.hooks\[1\]\.type" must be "command" \(found "prompt"\); the entry was ignored$/,
      ),
      expect.stringMatching(
        /settings\.json:1:\d+: "retry\.maxRetries" must be a whole number from 0 to 10 \(found -1\)/,
      ),
    ]);
  });
});

describe("bad input — context-file discovery never hangs or breaks", () => {
  it("an AGENTS.md that is a FIFO is skipped with a warning; the run completes", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    execFileSync("mkfifo", [path.join(box.cwd, "AGENTS.md")]);
    mock.enqueue([textResponse("fine")]);
    const run = await runGong(["-p", "hello"], box);
    expect(run.code).toBe(0);
    expect(warnings(run.stderr)).toEqual([
      `gong: warning: ${path.join(box.cwd, "AGENTS.md")} is a FIFO, not a regular file; skipped`,
    ]);
  });

  it("an AGENTS.md in a symlink loop (ELOOP) is skipped with a warning; the run completes", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    symlinkSync("AGENTS.md", path.join(box.cwd, "AGENTS.md"));
    writeFileSync(path.join(box.cwd, "CLAUDE.md"), "claude-rules-5d1e");
    mock.enqueue([textResponse("fine")]);
    const run = await runGong(["-p", "hello"], box);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("fine");
    expect(warnings(run.stderr)).toEqual([
      expect.stringMatching(/^gong: warning: cannot read .*AGENTS\.md \(ELOOP.*\); skipped$/),
    ]);
  });
});

describe("bad input — caps on what goes into the context", () => {
  it("a 50 MB AGENTS.md: the system prompt stays under 55 KB with a truncation notice", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const file = path.join(box.cwd, "AGENTS.md");
    writeFileSync(file, `${"rule: keep it short\n".repeat(2_621_440)}`);
    mock.enqueue([textResponse("fine")]);
    const run = await runGong(["-p", "hello"], box);
    expect(run.code).toBe(0);
    const system = systemOf(0);
    expect(Buffer.byteLength(system)).toBeLessThan(55 * 1024);
    expect(system).toContain(`[${file} truncated to the first 2000 lines`);
    expect(warnings(run.stderr)).toEqual([
      expect.stringMatching(/^gong: warning: .*AGENTS\.md is 50\.0MB; only the first 2000 lines/),
    ]);
  });
});
