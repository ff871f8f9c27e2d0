import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { CodingSessionEvent, Message, SessionHost } from "@gong/runtime";
import { describe, expect, it } from "vitest";
import { PromptHistory } from "../../src/interactive/input/history.js";
import { InteractiveMode } from "../../src/interactive/interactive-mode.js";
import { LiveScreen } from "../../src/interactive/screen/live-screen.js";

type Assistant = Extract<Message, { role: "assistant" }>;

const usage = {
  input: 0,
  output: 0,
  cacheRead: 0,
  cacheWrite: 0,
  totalTokens: 0,
  cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
};

/** A session whose events the test sends, on a 80×24 terminal that records every frame. */
function streamingSetup() {
  const frames: string[] = [];
  const terminal = { columns: 80, rows: 24, write: (text: string) => frames.push(text) };
  let listener: (event: CodingSessionEvent) => void = () => {};
  const session = {
    isStreaming: true,
    messages: [],
    models: {
      current: { provider: "openai", id: "gpt-4o", contextWindow: 128_000 },
      thinkingLevel: "off",
    },
    config: { sandbox: { mode: "off", network: false }, notify: async () => {} },
    mode: { current: "auto" },
    queuedMessages: { steering: [], followUp: [] },
    file: { stats: () => ({ session: { cost: 0 } }) },
    abort: () => {},
  };
  const host = {
    current: session,
    subscribe: (next: (event: CodingSessionEvent) => void) => {
      listener = next;
      return () => {};
    },
  } as unknown as SessionHost;
  const history = new PromptHistory(path.join(mkdtempSync(path.join(tmpdir(), "gong-s-")), "h"));
  const mode = new InteractiveMode(new LiveScreen(terminal), terminal, history, "/project");
  mode.attach(host, { run: async () => {} });
  const emit = (event: CodingSessionEvent) => listener(event);
  return { mode, frames, emit };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 25));

describe("interactive — streaming a long answer", () => {
  it("finished paragraphs are written once into the scrollback; no frame clears the screen", async () => {
    const { mode, frames, emit } = streamingSetup();
    void mode.run([]);
    const paragraphs = Array.from(
      { length: 30 },
      (_, i) => `Paragraph ${i} ${"words that wrap across the terminal width ".repeat(3)}`,
    );
    const text = paragraphs.join("\n\n");
    const message = (sofar: string): Assistant =>
      ({
        role: "assistant",
        content: [{ type: "text", text: sofar }],
        api: "openai-responses",
        provider: "openai",
        model: "gpt-4o",
        usage,
        stopReason: "stop",
        timestamp: 0,
      }) as Assistant;
    emit({ type: "message_start", message: message("") });
    for (let end = 60; end < text.length + 60; end += 60) {
      emit({
        type: "message_update",
        assistantMessageEvent: {
          type: "text_delta",
          contentIndex: 0,
          delta: text.slice(end - 60, end),
        },
      });
      await settle(); // one frame per piece, the worst case
    }
    emit({ type: "message_end", message: message(text) });
    await settle();
    mode.quit();

    const output = frames.join("");
    expect(output).not.toContain("\x1b[2J");
    expect(output).not.toContain("\x1b[3J");
    for (const frame of frames) {
      expect(frame.startsWith("\x1b[?2026h") && frame.endsWith("\x1b[?2026l")).toBe(true);
    }
    // The answer is taller than the screen, yet once the next paragraphs stream, a
    // finished one is never written again: it stays in the scrollback as it was.
    const firstLine = (i: number) => `Paragraph ${i} words that wrap`;
    for (let i = 0; i < 28; i++) {
      expect(output).toContain(firstLine(i));
      const later = frames.findIndex((frame) => frame.includes(firstLine(i + 2)));
      const rewritten = frames.slice(later).some((frame) => frame.includes(firstLine(i)));
      expect(rewritten, `paragraph ${i} written again`).toBe(false);
    }
    expect(frames.length).toBeGreaterThan(20);
  });
});
