import path from "node:path";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { createCodingSession, SessionHost } from "../src/index.js";
import { sessionSandbox, writeFile } from "./helpers.js";

const mock = useMockLlmServer();

/** A sandbox whose user settings file is not JSON: opening warns and goes on. */
function brokenSettings() {
  const where = sessionSandbox(mock.anthropicBaseUrl);
  writeFile(path.join(where.gongHome, "settings.json"), "{ not json");
  return where;
}

describe("opening a session returns its warnings as data (no early buffer in the apps)", () => {
  it("createCodingSession: the opening's warnings are in the result; onWarning gets only later ones", async () => {
    const later: string[] = [];
    const created = await createCodingSession({
      ...brokenSettings(),
      onWarning: (message) => later.push(message),
    });
    if (!created.ok) throw new Error(created.error.message);
    expect(created.warnings.join("\n")).toContain("settings.json");
    expect(later).toEqual([]);
    await created.session.close();
  });

  it("a session that cannot open returns its warnings with the error", async () => {
    const created = await createCodingSession({
      ...brokenSettings(),
      session: { kind: "open", ref: "ffffffff-none" },
    });
    expect(created.ok).toBe(false);
    expect(created.warnings.join("\n")).toContain("settings.json");
  });

  it("SessionHost.open returns them too", async () => {
    const opened = await SessionHost.open(brokenSettings());
    if (!opened.ok) throw new Error(opened.error.message);
    expect(opened.warnings.join("\n")).toContain("settings.json");
    await opened.host.close();
  });
});
