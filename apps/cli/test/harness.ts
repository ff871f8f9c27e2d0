import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { HANG_GUARD_MS, type MockResponse, textResponse, toolCallResponse } from "@gong/testing";
import { type GongSandbox, gongSandbox } from "@gong/testing/vitest";

export { sessionFiles } from "@gong/testing/vitest";

export const BIN = fileURLToPath(new URL("../dist/bin.js", import.meta.url));

export interface GongRun {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** A temp HOME, GONG_HOME and project folder with a clean environment (`@gong/testing`). */
export type Sandbox = GongSandbox;
export const sandbox = gongSandbox;

export function writeJson(file: string, value: unknown): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(value, null, 2));
}

export interface RunGongOptions {
  /** Piped to stdin, which is then closed. */
  input?: string;
  /** Leave stdin an open pipe that never delivers anything (`input` is ignored). */
  openStdin?: boolean;
  /** Hang guard (the process is killed); default `HANG_GUARD_MS` (minutes). */
  timeoutMs?: number;
  onSpawn?: (child: ChildProcess) => void;
}

/** Spawns the built `gong` and collects its output. */
export function runGong(
  args: string[],
  box: Pick<Sandbox, "cwd" | "env">,
  options: RunGongOptions = {},
): Promise<GongRun> {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: build @gong/cli first`);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: box.cwd,
      env: box.env,
      stdio: "pipe",
    });
    options.onSpawn?.(child);
    let stdout = "";
    let stderr = "";
    // Decoded as a stream: a character split across two chunks stays one character.
    child.stdout.setEncoding("utf8");
    child.stderr.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk: string) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(
        new Error(
          `gong ${args.join(" ")} did not finish in time\nstdout: ${stdout}\nstderr: ${stderr}`,
        ),
      );
    }, options.timeoutMs ?? HANG_GUARD_MS);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      child.stdin.destroy();
      resolve({ code, stdout, stderr, ms: Date.now() - started });
    });
    // A command that exits without reading stdin (`--version`) closes the pipe first;
    // that EPIPE is not a failure of the run, any other stdin error is.
    child.stdin.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EPIPE") reject(error);
    });
    if (!options.openStdin) child.stdin.end(options.input ?? "");
  });
}

/** The JSON lines of a json-mode run. */
export function jsonLines(stdout: string): Record<string, unknown>[] {
  return stdout
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** Writes `$GONG_HOME/settings.json`. */
/** A model that runs one bash `command`, then answers "finished" (the permission tests). */
export function bashThenFinished(command: string): MockResponse[] {
  return [toolCallResponse([{ name: "bash", arguments: { command } }]), textResponse("finished")];
}

export function writeSettings(gongHome: string, value: unknown): void {
  writeJson(path.join(gongHome, "settings.json"), value);
}

/** Polls `condition` every 25 ms until it holds; throws after `timeoutMs` (a hang guard). */
export async function waitFor(condition: () => boolean, timeoutMs = HANG_GUARD_MS): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * A provider `tiny` on the mock server with an 8 000-token window, so a test can
 * compact: settings compact above 8000 - 1000 = 7000 tokens and keep only the newest
 * turn's tail; no retries.
 */
export function smallWindow(
  box: Sandbox,
  baseUrl: string,
  settings: Record<string, unknown> = {},
): void {
  writeJson(path.join(box.gongHome, "models.json"), {
    providers: {
      tiny: {
        baseUrl,
        api: "anthropic-messages",
        apiKey: "tiny-key",
        models: [{ id: "tiny-1", contextWindow: 8000, maxTokens: 1000 }],
      },
    },
  });
  writeSettings(box.gongHome, {
    compaction: { reserveTokens: 1000, keepRecentTokens: 200 },
    retry: { maxRetries: 0 },
    ...settings,
  });
}
