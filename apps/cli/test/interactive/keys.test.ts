import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { SessionHost } from "@gong/runtime";
import { describe, expect, it } from "vitest";
import { PromptHistory } from "../../src/interactive/input/history.js";
import { InteractiveMode } from "../../src/interactive/interactive-mode.js";
import { LiveScreen } from "../../src/interactive/screen/live-screen.js";

const ENTER = "\r";
const ALT_ENTER = "\x1b\r";
const CTRL_C = "\x03";
const CTRL_D = "\x04";
const ESC = "\x1b";

/** A session that records what the mode asks of it. */
function fakeSession() {
  const calls: string[] = [];
  const session = {
    isStreaming: false,
    messages: [],
    models: {
      current: { provider: "openai", id: "gpt-4o", contextWindow: 128_000 },
      thinkingLevel: "off",
    },
    // Notification hooks hear "waiting for your input" after each finished run.
    config: { sandbox: { mode: "off", network: false }, notify: async () => {} },
    mode: { current: "auto" },
    queuedMessages: { steering: [], followUp: [] },
    file: { stats: () => ({ session: { cost: 0 } }) },
    prompt: async (text: string) => {
      calls.push(`prompt ${text}`);
      return { ok: true, aborted: false };
    },
    steer: (text: string) => calls.push(`steer ${text}`),
    followUp: (text: string) => calls.push(`followUp ${text}`),
    abort: () => {
      calls.push("abort");
      return { steering: [], followUp: [] };
    },
    processes: {
      stop: async () => {
        calls.push("stopProcesses");
      },
    },
  };
  const host = { current: session, subscribe: () => () => {} } as unknown as SessionHost;
  return { session, host, calls };
}

function setup() {
  const frames: string[] = [];
  const terminal = { columns: 80, rows: 24, write: (text: string) => frames.push(text) };
  const file = path.join(mkdtempSync(path.join(tmpdir(), "gong-keys-")), "history.jsonl");
  const history = new PromptHistory(file);
  const mode = new InteractiveMode(new LiveScreen(terminal), terminal, history, "/project");
  const fake = fakeSession();
  mode.attach(fake.host, { run: async () => {} });
  const type = (...keys: string[]) => {
    for (const key of keys) mode.handleInput(key);
  };
  return { mode, type, frames, history, file, ...fake };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

describe("interactive — keys", () => {
  it("Enter sends the prompt and records it in the history", async () => {
    const { type, calls, history, file } = setup();
    type(..."fix it", ENTER);
    await settle();
    expect(calls).toEqual(["prompt fix it"]);
    expect(history.all).toEqual(["fix it"]);
    expect(new PromptHistory(file).all).toEqual(["fix it"]);
  });

  it("while the agent works, Enter steers and Alt+Enter queues a follow-up", async () => {
    const { type, calls, session } = setup();
    session.isStreaming = true;
    type(..."look at b.ts", ENTER);
    type(..."then run the tests", ALT_ENTER);
    await settle();
    expect(calls).toEqual(["steer look at b.ts", "followUp then run the tests"]);
  });

  it("Esc aborts the run and stops its processes", () => {
    const { type, calls, session } = setup();
    session.isStreaming = true;
    type(ESC);
    expect(calls).toEqual(["abort", "stopProcesses"]);
  });

  it("a key press is drawn at once, not at the stream's next frame", async () => {
    const { mode, type, frames } = setup();
    void mode.run([]);
    const before = frames.length;
    type("x");
    expect(frames.length).toBe(before + 1);
    expect(frames.at(-1)).toContain("x");
    mode.quit();
  });

  it("Ctrl+C clears the input; a second Ctrl+C quits with 0", async () => {
    const { mode, type, calls } = setup();
    const finished = mode.run([]);
    type(..."half a thought", CTRL_C, ENTER);
    await settle();
    expect(calls).toEqual([]); // the input was cleared: Enter sent nothing
    type(CTRL_C);
    await expect(finished).resolves.toBe(0);
  });

  it("a key's release (kitty keyboard protocol) does not act again: Ctrl+C pressed once does not quit", async () => {
    const { mode, type } = setup();
    const finished = mode.run([]);
    let done = false;
    void finished.then(() => {
      done = true;
    });
    type("\x1b[99;5u", "\x1b[99;5:3u"); // Ctrl+C press, then its release
    await settle();
    expect(done).toBe(false);
    mode.quit();
  });

  it("Ctrl+D quits on an empty input only", async () => {
    const { mode, type } = setup();
    const finished = mode.run([]);
    let done = false;
    void finished.then(() => {
      done = true;
    });
    type("x", CTRL_D);
    await settle();
    expect(done).toBe(false);
    type("\x7f", CTRL_D); // backspace, then Ctrl+D on the empty input
    await expect(finished).resolves.toBe(0);
  });

  it("a long paste is collapsed to a placeholder and sent in full", async () => {
    const { type, calls, frames } = setup();
    const pasted = Array.from({ length: 120 }, (_, i) => `row ${i}`).join("\n");
    type(`\x1b[200~${pasted}\x1b[201~`);
    await settle();
    expect(frames.join("")).toContain("[paste #1 +120 lines]");
    expect(frames.join("")).not.toContain("row 119");
    type(ENTER);
    await settle();
    expect(calls).toEqual([`prompt ${pasted}`]);
  });

  it("positional messages become the first prompt and follow-ups", async () => {
    const { mode, calls } = setup();
    void mode.run(["first", "second"]);
    await settle();
    expect(calls).toEqual(["prompt first", "followUp second"]);
    mode.quit();
  });
});
