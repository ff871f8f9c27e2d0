import { describe, expect, it } from "vitest";
import * as llm from "../src/index.js";

describe("@gong/llm exports models and streaming, not config files (that is @gong/config-files)", () => {
  it("has no configuration-file reading or validation, and no isRecord, of its own", () => {
    const names = Object.keys(llm);
    const moved = ["readJsonConfigFile", "parseJsonConfig", "validateConfig", "formatConfigIssue"];
    for (const name of [...moved, "setJsonConfigValue", "positionAt", "isRecord"]) {
      expect(names).not.toContain(name);
    }
    expect(names).toEqual(expect.arrayContaining(["stream", "createModelRegistry"]));
  });
});
