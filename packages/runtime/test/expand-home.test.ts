import { expandHome as toolsExpandHome } from "@gong/tools";
import { describe, expect, it } from "vitest";
import { expandHome } from "../src/index.js";

describe("settings paths — one ~ expansion for every package", () => {
  it("runtime's expandHome is the tools' helper", () => {
    expect(expandHome).toBe(toolsExpandHome);
  });
});
