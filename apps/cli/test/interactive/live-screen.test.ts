import { describe, expect, it } from "vitest";
import { LiveScreen, type ScreenOutput } from "../../src/interactive/screen/live-screen.js";

/** A terminal that records what is written to it. */
function recorder(columns = 80, rows = 24) {
  const frames: string[] = [];
  const output: ScreenOutput & { columns: number; rows: number } = {
    columns,
    rows,
    write: (text) => frames.push(text),
  };
  return { output, frames };
}

describe("interactive — the live screen", () => {
  it("draws every frame as one synchronized-output update", () => {
    const { output, frames } = recorder();
    const screen = new LiveScreen(output);
    screen.update([], ["a", "b"]);
    screen.update(["done"], ["a", "c"]);
    expect(frames).toHaveLength(2);
    for (const frame of frames) {
      expect(frame.startsWith("\x1b[?2026h")).toBe(true);
      expect(frame.endsWith("\x1b[?2026l")).toBe(true);
    }
  });

  it("rewrites only the line that changed (a spinner frame, a keystroke)", () => {
    const { output, frames } = recorder();
    const screen = new LiveScreen(output);
    screen.update([], ["first line", "spinner 1", "editor"]);
    screen.update([], ["first line", "spinner 2", "editor"]);
    const frame = frames[1]!;
    expect(frame).toContain("spinner 2");
    expect(frame).not.toContain("first line");
    expect(frame).not.toContain("editor");
  });

  it("writes nothing when nothing changed", () => {
    const { output, frames } = recorder();
    const screen = new LiveScreen(output);
    screen.update([], ["same"]);
    screen.update([], ["same"]);
    expect(frames).toHaveLength(1);
  });

  it("finished lines are written once above the live region and never cleared again", () => {
    const { output, frames } = recorder();
    const screen = new LiveScreen(output);
    screen.update([], ["streaming", "editor"]);
    screen.update(["paragraph one"], ["streaming more", "editor"]);
    screen.update([], ["streaming even more", "editor"]);
    expect(frames[1]).toContain("paragraph one");
    // Later frames never go back above the live region, so the scrollback stays intact.
    expect(frames[2]).not.toContain("paragraph one");
    expect(frames.join("")).not.toContain("\x1b[3J");
  });

  it("cuts lines to the terminal width (a wrapped line would break the row arithmetic)", () => {
    const { output, frames } = recorder(10, 24);
    const screen = new LiveScreen(output);
    screen.update([], ["0123456789abcdef", "界界界界界界界"]);
    const body = frames[0]!;
    expect(body).toContain("0123456789");
    expect(body).not.toContain("a");
    // Wide characters take two columns: five fit in ten.
    expect(body).toContain("界界界界界");
    expect(body).not.toContain("界界界界界界");
  });

  it("a line with a line break in it counts as two rows", () => {
    const { output, frames } = recorder();
    const screen = new LiveScreen(output);
    screen.update([], ["one\ntwo", "editor"]);
    screen.update([], ["ONE\ntwo", "editor"]);
    // From the last row (editor) up to the first: two rows, not one.
    expect(frames[1]).toContain("\x1b[2A");
    expect(frames[1]).toContain("ONE");
  });

  it("keeps the live region within the screen height (what scrolled off cannot be redrawn)", () => {
    const { output, frames } = recorder(80, 3);
    const screen = new LiveScreen(output);
    screen.update([], ["1", "2", "3", "4", "5"]);
    expect(frames[0]).not.toMatch(/\b[12]\b/);
    expect(frames[0]).toContain("5");
  });

  it("after a resize, clears screen and scrollback and prints the transcript at the new width", () => {
    const { output, frames } = recorder(80, 24);
    const screen = new LiveScreen(output);
    screen.update(["old"], ["editor"]);
    output.columns = 40;
    expect(screen.resized).toBe(true);
    screen.redraw(["old, re-wrapped"], ["editor"]);
    expect(frames[1]).toContain("\x1b[2J\x1b[3J");
    expect(frames[1]).toContain("old, re-wrapped");
    expect(screen.resized).toBe(false);
  });

  it("clear() erases the live region and keeps the transcript", () => {
    const { output, frames } = recorder();
    const screen = new LiveScreen(output);
    screen.update(["kept"], ["editor", "status"]);
    screen.clear();
    expect(frames[1]).toContain("\x1b[1A"); // up to the live region's first line
    expect(frames[1]).toContain("\x1b[J");
    expect(frames[1]).not.toContain("kept");
  });
});
