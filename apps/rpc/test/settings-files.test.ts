/**
 * `get_state.settingsFiles` (issue 38 item 2): which settings files were read, Claude
 * Code's beside gong's, lowest precedence first.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gongSandbox, useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { RpcProcess } from "./harness.js";

const mock = useMockLlmServer();

function writeJson(file: string, value: unknown): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(value, null, 2));
}

describe("gong-rpc get_state — settingsFiles lists the files read, Claude Code's too", () => {
  it("~/.claude/settings.json, the gong home's and .claude/settings.json, in precedence order; a missing file is not listed", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    const claudeUser = path.join(box.home, ".claude", "settings.json");
    const gongUser = path.join(box.gongHome, "settings.json");
    const claudeProject = path.join(box.cwd, ".claude", "settings.json");
    writeJson(claudeUser, { permissions: { deny: ["Bash(curl:*)"] }, spinnerTipsEnabled: false });
    writeJson(gongUser, { outputLevel: "standard" });
    writeJson(claudeProject, { permissions: { deny: ["Read(./secrets/**)"] } });
    const rpc = RpcProcess.start(box);
    const state = await rpc.request({ type: "get_state" });
    expect(state).toMatchObject({
      success: true,
      data: { settingsFiles: [claudeUser, gongUser, claudeProject] },
    });
    expect(await rpc.end()).toBe(0);
  });
});
