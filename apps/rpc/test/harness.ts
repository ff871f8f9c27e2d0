import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { HANG_GUARD_MS } from "@gong/testing";
import type { GongSandbox } from "@gong/testing/vitest";
import { afterEach } from "vitest";

export const BIN = fileURLToPath(new URL("../dist/bin.js", import.meta.url));

export type Line = Record<string, unknown> & { type: string };

const running = new Set<RpcProcess>();
afterEach(async () => {
  const stopping = [...running];
  running.clear();
  for (const rpc of stopping) rpc.kill();
  // Gone before the sandbox is removed (its afterEach runs after this one).
  await Promise.all(
    stopping.map((rpc) =>
      withTimeout(rpc.exited, HANG_GUARD_MS, "gong-rpc kept running").catch(() => {}),
    ),
  );
});

/** A spawned `gong-rpc` in JSON-lines mode, with its output parsed line by line. */
export class RpcProcess {
  readonly lines: Line[] = [];
  /** Every stdout line as written, to check that each is one whole JSON object. */
  readonly rawLines: string[] = [];
  stderr = "";
  readonly exited: Promise<number | null>;
  private buffer = "";
  private nextId = 1;
  private readonly waiters = new Set<() => void>();

  private constructor(readonly child: ChildProcessWithoutNullStreams) {
    child.stdout.setEncoding("utf8");
    child.stderr.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      this.buffer += chunk;
      let newline = this.buffer.indexOf("\n");
      while (newline >= 0) {
        const raw = this.buffer.slice(0, newline);
        this.buffer = this.buffer.slice(newline + 1);
        this.rawLines.push(raw);
        this.lines.push(JSON.parse(raw) as Line);
        newline = this.buffer.indexOf("\n");
      }
      for (const wake of [...this.waiters]) wake();
    });
    child.stderr.on("data", (chunk: string) => {
      this.stderr += chunk;
    });
    this.exited = new Promise((resolve) => child.on("close", (code) => resolve(code)));
    // The child may exit before reading everything we sent (a test of its exit path).
    child.stdin.on("error", () => {});
  }

  static start(box: Pick<GongSandbox, "cwd" | "env">, args: string[] = []): RpcProcess {
    if (!existsSync(BIN)) throw new Error(`${BIN} is missing: build @gong/rpc first`);
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: box.cwd,
      env: box.env,
      stdio: "pipe",
    });
    const rpc = new RpcProcess(child);
    running.add(rpc);
    return rpc;
  }

  /** Writes raw text to stdin (a line needs its own "\n"). */
  write(text: string): void {
    this.child.stdin.write(text);
  }

  /** Sends a command (with a fresh id unless it has one) and waits for its response. */
  async request(command: Record<string, unknown>, timeoutMs = HANG_GUARD_MS): Promise<Line> {
    const id = command.id ?? `t${this.nextId++}`;
    this.write(`${JSON.stringify({ ...command, id })}\n`);
    return this.waitFor((line) => line.type === "response" && line.id === id, timeoutMs);
  }

  /** The first line (already received or still to come) that matches. */
  waitFor(match: (line: Line) => boolean, timeoutMs = HANG_GUARD_MS): Promise<Line> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = this.lines.find(match);
        if (!found) return false;
        this.waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(
          new Error(
            `no matching line in time; stdout:\n${this.rawLines.join("\n")}\nstderr:\n${this.stderr}`,
          ),
        );
      }, timeoutMs);
      if (!check()) this.waiters.add(check);
    });
  }

  /** Lines of a type, in order. */
  ofType(type: string): Line[] {
    return this.lines.filter((line) => line.type === type);
  }

  /** Closes stdin (EOF) and waits for the exit code. */
  async end(timeoutMs = HANG_GUARD_MS): Promise<number | null> {
    this.child.stdin.end();
    return withTimeout(this.exited, timeoutMs, "gong-rpc did not exit after EOF");
  }

  kill(): void {
    if (this.child.exitCode === null) this.child.kill("SIGKILL");
  }
}

/** `promise`, or `message` as an error after `ms` (a hang guard: pass `HANG_GUARD_MS`). */
export function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(message)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

export function writeJson(file: string, value: unknown): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(value, null, 2));
}

/** Polls `condition` every 25 ms until it holds; throws after `timeoutMs`. */
export async function waitUntil(
  condition: () => boolean,
  timeoutMs = HANG_GUARD_MS,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
