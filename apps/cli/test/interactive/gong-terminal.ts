import { existsSync } from "node:fs";
import { type PtySession, SYNC_BEGIN, SYNC_END, spawnPty } from "@gong/testing/pty";
import { afterEach } from "vitest";
import { BIN, type Sandbox } from "../harness.js";

/**
 * The real `gong` in a pseudo-terminal, for the interactive-mode tests. Waits are hang
 * guards sized for a loaded 2-core machine, never timing assertions.
 */

export const WAIT = { timeoutMs: 45_000 };

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

/** Modes a full-screen program switches on (any of `on`), each with what switches it off. */
const MODES: readonly { name: string; on: readonly string[]; off: string }[] = [
  { name: "hidden cursor", on: ["\x1b[?25l"], off: "\x1b[?25h" },
  { name: "bracketed paste", on: ["\x1b[?2004h"], off: "\x1b[?2004l" },
  { name: "synchronized output", on: ["\x1b[?2026h"], off: "\x1b[?2026l" },
  { name: "modifyOtherKeys", on: ["\x1b[>4;1m", "\x1b[>4;2m"], off: "\x1b[>4;0m" },
  {
    name: "kitty keyboard",
    on: ["\x1b[>1u", "\x1b[>3u", "\x1b[>7u", "\x1b[>15u", "\x1b[>31u"],
    off: "\x1b[<u",
  },
];

/** The modes the raw output left switched on (switched on after their last "off"). */
export function modesLeftOn(output: string): string[] {
  return MODES.filter(({ on, off }) => {
    const lastOn = Math.max(...on.map((sequence) => output.lastIndexOf(sequence)));
    return lastOn > output.lastIndexOf(off);
  }).map(({ name }) => name);
}

/** Sends a prompt and waits until its answer is shown and the agent is idle again. */
export async function ask(gong: PtySession, prompt: string, answer: string): Promise<void> {
  gong.write(`${prompt}\r`);
  await gong.waitForText(answer, WAIT);
  await waitIdle(gong);
}

/** Synchronized-output frames never closed: a begin with no end before the next begin. */
export function unclosedFrames(output: string): number {
  return output
    .split(SYNC_BEGIN)
    .slice(1)
    .filter((frame) => !frame.includes(SYNC_END)).length;
}
