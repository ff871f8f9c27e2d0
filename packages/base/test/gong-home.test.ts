import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { resolveGongHome } from "../src/index.js";

describe("resolveGongHome — the one GONG_HOME rule (llm, session-store, runtime)", () => {
  it("GONG_HOME wins, made absolute", () => {
    expect(resolveGongHome({ GONG_HOME: "/tmp/x" })).toBe("/tmp/x");
  });
  it("unset or blank falls back to $HOME/.gong", () => {
    expect(resolveGongHome({ HOME: "/home/u" })).toBe("/home/u/.gong");
    expect(resolveGongHome({ HOME: "/home/u", GONG_HOME: "" })).toBe("/home/u/.gong");
    expect(resolveGongHome({ HOME: "/home/u", GONG_HOME: "  " })).toBe("/home/u/.gong");
  });
  it("~ is expanded against $HOME", () => {
    expect(resolveGongHome({ HOME: "/home/u", GONG_HOME: "~/g" })).toBe(join("/home/u", "g"));
  });
  it("an unknown ~user throws instead of guessing", () => {
    expect(() => resolveGongHome({ HOME: "/home/u", GONG_HOME: "~no-such-user-4711/g" })).toThrow(
      /GONG_HOME/,
    );
  });
});
