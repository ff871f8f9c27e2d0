import { describe, expect, it } from "vitest";
import { terminalSafe } from "../src/terminal-text.js";

describe("security — terminalSafe: text gong did not write cannot drive the terminal", () => {
  it("drops OSC strings whole (title, clipboard, hyperlinks), by BEL or ST", () => {
    expect(terminalSafe("a\x1b]0;pwned\x07b")).toBe("ab");
    expect(terminalSafe("a\x1b]52;c;cm0gLXJmIH4gIw==\x1b\\b")).toBe("ab");
    expect(terminalSafe("\x1b]8;;https://x\x07link\x1b]8;;\x07")).toBe("link");
  });

  it("drops CSI and two-character ESC sequences, C0 and C1 controls; keeps newline, tab and text", () => {
    expect(terminalSafe("\x1b[2J\x1b[31mred\x1b[0m\x1b(B\x1bc")).toBe("red");
    expect(terminalSafe("a\rb\x07c\x00d\x7fe\u009b31mf\u009d0;t")).toBe("abcde31mf0;t");
    expect(terminalSafe("line 1\n\tline 2 — ünïcode 漢字")).toBe("line 1\n\tline 2 — ünïcode 漢字");
  });

  it("an OSC left open ends at the line's end: the lines after it stay visible", () => {
    expect(terminalSafe("a\x1b]0;title\nnext")).toBe("a\nnext");
  });
});
