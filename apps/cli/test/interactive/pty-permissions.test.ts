import { readFileSync } from "node:fs";
import path from "node:path";
import { textResponse, toolCallResponse } from "@gong/testing";
import { KEYS } from "@gong/testing/pty";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { sandbox, writeSettings } from "../harness.js";
import { startReady, WAIT, waitAnswerable, waitIdle } from "./gong-terminal.js";

const mock = useMockLlmServer();

describe("interactive mode — a confirmation answered 'always in this project' sticks", () => {
  it("p saves the rule it shows to .gong/settings.local.json", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, { confirmBash: ["^touch"], trustedFolders: [box.cwd] });
    mock.enqueue([
      toolCallResponse([{ name: "bash", arguments: { command: "touch a.txt" } }]),
      textResponse("Made it."),
    ]);
    const gong = await startReady(box);
    gong.write(`make a.txt${KEYS.enter}`);
    await waitAnswerable(gong, /Allow bash/);
    expect(gong.screen().join("\n")).toContain("always in this project (Bash(touch:*))");
    gong.write(`p${KEYS.enter}`);
    await gong.waitForText("Made it.", WAIT);
    await waitIdle(gong);
    const local = readFileSync(path.join(box.cwd, ".gong", "settings.local.json"), "utf8");
    expect(JSON.parse(local)).toEqual({ permissions: { allow: ["Bash(touch:*)"] } });
  });
});
