/**
 * The trust question names the file each entry is in: hooks in
 * `.gong/settings.local.json` are not shown as `.gong/settings.json` (issue 35.4).
 */
import path from "node:path";
import { KEYS } from "@gong/testing/pty";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { sandbox, writeJson } from "../harness.js";
import { READY, startGong, WAIT, waitAnswerable } from "./gong-terminal.js";

const mock = useMockLlmServer();

const QUESTION = "This folder is not trusted";

describe("interactive mode — the trust question names the right file", { timeout: 120_000 }, () => {
  it("hooks in .gong/settings.local.json are listed as in .gong/settings.local.json", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeJson(path.join(box.cwd, ".gong", "settings.local.json"), {
      hooks: { PreToolUse: [{ hooks: [{ type: "command", command: "true" }] }] },
    });
    const gong = startGong(box);
    await waitAnswerable(gong, QUESTION);
    const screen = gong.screen().join("\n");
    expect(screen).toContain('"hooks" in .gong/settings.local.json');
    expect(screen).not.toContain("in .gong/settings.json");
    gong.write(`c${KEYS.enter}`);
    await gong.waitForText(READY, WAIT);
  });
});
