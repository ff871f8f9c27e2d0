import { describe, expect, it } from "vitest";
import * as truncate from "../src/index.js";

describe("@gong/truncate exports truncation, not the shared base (that is @gong/base)", () => {
  it("has no GONG_HOME, ~ expansion or path containment of its own", () => {
    const names = Object.keys(truncate);
    for (const moved of ["resolveGongHome", "homeDir", "expandHome", "isPathWithin"]) {
      expect(names).not.toContain(moved);
    }
    expect(names).toEqual(expect.arrayContaining(["truncateHead", "createObservationTruncator"]));
  });
});
