import { describe, expect, it } from "vitest";
import { modeKey } from "../../src/interactive/input/keys.js";

const idle = { empty: true, completing: false };

describe("interactive — which keys the mode takes from the editor", () => {
  it("Ctrl+C always; Ctrl+D only on an empty input", () => {
    expect(modeKey("\x03", { ...idle, empty: false })).toBe("ctrl-c");
    expect(modeKey("\x04", idle)).toBe("quit");
    expect(modeKey("\x04", { ...idle, empty: false })).toBeUndefined();
  });

  it("Esc aborts, unless it closes the completion list", () => {
    expect(modeKey("\x1b", idle)).toBe("abort");
    expect(modeKey("\x1b", { ...idle, completing: true })).toBeUndefined();
  });

  it("Alt+Enter queues a follow-up (legacy and kitty encodings); Ctrl+T toggles thinking", () => {
    expect(modeKey("\x1b\r", idle)).toBe("follow-up");
    expect(modeKey("\x1b[13;3u", idle)).toBe("follow-up");
    expect(modeKey("\x14", idle)).toBe("toggle-thinking");
  });

  it("leaves typing, Enter and arrows to the editor", () => {
    for (const data of ["a", "\r", "\x1b[A", "@", "/"]) expect(modeKey(data, idle)).toBeUndefined();
  });
});
