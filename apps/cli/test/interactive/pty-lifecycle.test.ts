import { writeFileSync } from "node:fs";
import path from "node:path";
import { textResponse } from "@gong/testing";
import { KEYS, modesLeftOn, type PtySession, unclosedFrames } from "@gong/testing/pty";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { sandbox, writeSettings } from "../harness.js";
import { ask, snapshotText, startReady, WAIT, waitIdle } from "./gong-terminal.js";

const mock = useMockLlmServer();

const PARAGRAPH =
  "Terminals wrap long lines themselves, so after a resize the transcript has to be printed again at the new width, or every wrapped line of the old width leaves fragments behind on the screen.";

/**
 * The watcher starts after the first frame, at its own pace: the change is made again
 * every 2 s until the note shows (the whole wait is still only a hang guard).
 */
async function repeatUntilShown(
  gong: PtySession,
  change: (round: number) => void,
  note: RegExp,
): Promise<void> {
  const deadline = Date.now() + WAIT.timeoutMs;
  for (let round = 1; ; round++) {
    change(round);
    try {
      return await gong.waitForText(note, { timeoutMs: 2_000 });
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
  }
}

describe("interactive mode — the terminal", () => {
  it("Ctrl+C clears, twice quits with code 0, and the terminal is restored", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const gong = await startReady(box);
    gong.write("half a thought");
    await gong.waitForText("half a thought", WAIT);
    gong.write(KEYS.ctrlC);
    await gong.waitForText("Ctrl+C again quits", WAIT);
    expect(gong.screen().join("\n")).not.toContain("half a thought");
    gong.write(KEYS.ctrlC);
    expect(await gong.exit).toEqual({ code: 0 });
    await gong.settled();
    expect(modesLeftOn(gong.output())).toEqual([]);
    expect(gong.output()).toContain("\x1b[?2004h"); // it did switch bracketed paste on
    expect(unclosedFrames(gong.output())).toBe(0);
  });

  it("SIGTERM exits 143 with the terminal restored", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const gong = await startReady(box);
    gong.kill("SIGTERM");
    expect(await gong.exit).toEqual({ code: 143 });
    await gong.settled();
    expect(modesLeftOn(gong.output())).toEqual([]);
  });

  it("a resize to 60 columns re-wraps the transcript without fragments", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue(textResponse(PARAGRAPH));
    const gong = await startReady(box);
    gong.write(`why reprint?${KEYS.enter}`);
    await gong.waitForText("fragments behind", WAIT);
    await waitIdle(gong);
    gong.resize(60, 24);
    // The footer drawn again at the new width, in one line (the terminal's own re-wrap
    // of the old 80-column footer splits it in two).
    await gong.waitForScreen(
      (lines) => /· anthropic\/\S+ · thinking off · /.test(lines.filter(Boolean).at(-1) ?? ""),
      WAIT,
    );
    const lines = gong.screen();
    const words = lines.join(" ").replace(/\s+/g, " ");
    expect(words).toContain(PARAGRAPH);
    expect(words.split("why reprint?")).toHaveLength(2); // the prompt once, no leftovers
    expect(lines.filter((line) => line.includes("thinking off ·"))).toHaveLength(1);
    await expect(snapshotText(lines, box)).toMatchFileSnapshot("__screens__/resized-60.txt");
  });

  it("a shorter terminal keeps one footer and the editor at the bottom; typing still shows", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue(textResponse(PARAGRAPH));
    const gong = await startReady(box);
    await ask(gong, "why reprint?", "fragments behind");
    gong.resize(80, 10);
    gong.write("after the resize");
    await gong.waitForScreen(
      (lines) =>
        lines.filter((line) => line.includes("thinking off ·")).length === 1 &&
        lines.some((line) => line.startsWith("after the resize")),
      WAIT,
    );
    const lines = gong.screen();
    expect(lines).toHaveLength(10);
    expect(lines.findIndex((line) => line.includes("thinking off ·"))).toBe(
      lines.findLastIndex((line) => line !== ""),
    );
  });

  it("a settings change while gong runs shows a note saying when it applies", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, {});
    const gong = await startReady(box);
    await repeatUntilShown(
      gong,
      (round) => writeSettings(box.gongHome, { defaultThinkingLevel: "high", round }),
      /settings changed: [\s\S]*settings\.json[\s\S]*applies at the\s+next turn/,
    );
  });

  it("a project settings file created while gong runs is noticed too", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const gong = await startReady(box);
    await repeatUntilShown(
      gong,
      (round) => writeFileSync(path.join(box.cwd, "AGENTS.md"), `Use tabs (${round}).\n`),
      /context changed: AGENTS\.md [\s\S]*applies at the\s+next turn/,
    );
  });
});
