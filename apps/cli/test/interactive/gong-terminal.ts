import { existsSync } from "node:fs";
import { HANG_GUARD_MS } from "@gong/testing";
import { type PtySession, spawnPty } from "@gong/testing/pty";
import { afterEach } from "vitest";
import { BIN, type Sandbox } from "../harness.js";

/**
 * The real `gong` in a pseudo-terminal, for the interactive-mode tests. Waits are hang
 * guards sized for a loaded 2-core machine, never timing assertions.
 */

export const WAIT = { timeoutMs: HANG_GUARD_MS };

/** The editor is ready: the status line (model · thinking · cost) is drawn. */
export const READY = /thinking \w+ · \$/;

const running: PtySession[] = [];
afterEach(async () => {
  for (const session of running.splice(0)) {
    session.kill("SIGKILL");
    await session.exit;
  }
});

export interface StartGongOptions {
  args?: string[];
  cols?: number;
  rows?: number;
  /** Added to (or, with `undefined`, removed from) the sandbox's environment. */
  env?: Record<string, string | undefined>;
}

export function startGong(box: Sandbox, options: StartGongOptions = {}): PtySession {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: build @gong/cli first`);
  const session = spawnPty({
    args: [BIN, ...(options.args ?? [])],
    cwd: box.cwd,
    env: { ...box.env, ...options.env },
    cols: options.cols ?? 80,
    rows: options.rows ?? 24,
  });
  running.push(session);
  return session;
}

/** Starts gong and waits for its first prompt. */
export async function startReady(
  box: Sandbox,
  options: StartGongOptions = {},
): Promise<PtySession> {
  const gong = startGong(box, options);
  await gong.waitForText(READY, WAIT);
  return gong;
}

/**
 * A screen as a deterministic text snapshot: the sandbox's temp paths, the cost, elapsed
 * times and spinner frames masked, trailing empty lines dropped.
 */
export function snapshotText(lines: readonly string[], box: Sandbox): string {
  const text = lines
    .join("\n")
    .replaceAll(box.cwd, "<project>")
    .replaceAll(box.gongHome, "<gong-home>")
    .replaceAll(box.home, "<home>")
    .replace(/\/tmp\/gong-app-\w+/g, "<tmp>")
    .replace(/\$\d+\.\d+/g, "$<cost>")
    .replace(/\b\d+(\.\d+)?\s?(ms|s|m)\b/g, "<time>")
    .replace(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]/g, "<spin>");
  return `${text.replace(/\s+$/, "")}\n`;
}

/** The spinner line ("⠹ running bash … · Esc aborts") is gone: the agent is idle. */
export function waitIdle(gong: PtySession): Promise<void> {
  return gong.waitForScreen((lines) => !lines.some((line) => line.includes("Esc aborts")), WAIT);
}

/** Sends a prompt and waits until its answer is shown and the agent is idle again. */
export async function ask(gong: PtySession, prompt: string, answer: string): Promise<void> {
  gong.write(`${prompt}\r`);
  await gong.waitForText(answer, WAIT);
  await waitIdle(gong);
}

/**
 * `question` is on screen and takes keys: a question the session raised ignores keys
 * until it has been visible a moment (GuardedDialog), and says so until then.
 */
export function answerable(lines: readonly string[], question: string | RegExp): boolean {
  const shown = lines.some((line) =>
    typeof question === "string" ? line.includes(question) : question.test(line),
  );
  return (
    shown &&
    lines.some((line) => line.includes("Enter")) &&
    !lines.some((line) => line.includes("keys typed now go to your prompt"))
  );
}

export function waitAnswerable(gong: PtySession, question: string | RegExp): Promise<void> {
  return gong.waitForScreen((lines) => answerable(lines, question), WAIT);
}
