import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MAX_HOOK_OUTPUT_BYTES, runHookCommand } from "../src/run-command.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "gong-run-hook-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const run = (command: string, timeoutMs = 10_000) =>
  runHookCommand(command, "{}", { cwd: dir, timeoutMs, env: process.env });

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function pidIn(name: string): Promise<number> {
  return Number((await readFile(path.join(dir, name), "utf8")).trim());
}

describe("command hooks — output is capped while it is read", () => {
  it("a hook printing 40 MB keeps at most the cap in memory and counts every byte", async () => {
    const result = await run("head -c 40000000 /dev/zero; head -c 40000000 /dev/zero >&2");
    expect(result.exitCode).toBe(0);
    expect(result.stdout.length).toBeLessThanOrEqual(MAX_HOOK_OUTPUT_BYTES);
    expect(result.stderr.length).toBeLessThanOrEqual(MAX_HOOK_OUTPUT_BYTES);
    expect(result.stdoutBytes).toBe(40_000_000);
    expect(result.stderrBytes).toBe(40_000_000);
  });
});

describe("command hooks — a hook's children end with its process group", () => {
  it("a hook that leaves a child holding its stdout finishes when it exits; the child is ended", async () => {
    const started = Date.now();
    const result = await run("sleep 30 & echo $! > child.pid; echo '{}'");
    expect(Date.now() - started).toBeLessThan(25_000); // well below the child's 30 s
    expect(result).toMatchObject({ exitCode: 0, timedOut: false, stdout: "{}\n" });
    const child = await pidIn("child.pid");
    await expect.poll(() => alive(child), { timeout: 60_000 }).toBe(false);
  });

  it("a hook over its timeout ends even when a child that left its group holds the pipe", async () => {
    const started = Date.now();
    const result = await run("setsid sleep 120 & echo $! > escaped.pid; sleep 120", 500);
    expect(Date.now() - started).toBeLessThan(60_000); // well below the escaped child's 120 s
    expect(result.timedOut).toBe(true);
    process.kill(await pidIn("escaped.pid"), "SIGKILL");
  });
});
