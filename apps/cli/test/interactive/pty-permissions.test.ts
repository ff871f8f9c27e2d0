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
    expect(gong.screen().join("\n")).toContain("always in this project (Bash(touch a.txt))");
    gong.write(`p${KEYS.enter}`);
    await gong.waitForText("Made it.", WAIT);
    await waitIdle(gong);
    const local = readFileSync(path.join(box.cwd, ".gong", "settings.local.json"), "utf8");
    expect(JSON.parse(local)).toEqual({ permissions: { allow: ["Bash(touch a.txt)"] } });
  });

  it("always in this project for a confirmBash match saves the exact command: the same command runs unasked, another rm is still asked about", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, { confirmBash: ["\\brm\\s+-rf\\b"], trustedFolders: [box.cwd] });
    mock.enqueue([
      toolCallResponse([{ name: "bash", arguments: { command: "rm -rf build" } }]),
      toolCallResponse([{ name: "bash", arguments: { command: "rm -rf build" } }]),
      toolCallResponse([{ name: "bash", arguments: { command: "rm -rf src" } }]),
      textResponse("Cleaned."),
    ]);
    const gong = await startReady(box);
    gong.write(`clean${KEYS.enter}`);
    await waitAnswerable(gong, /Allow bash/);
    // Before the fix: "always in this project (Bash(rm:*))", which let every later rm past
    // the user's own confirmBash guard.
    expect(gong.screen().join("\n")).toContain("always in this project (Bash(rm -rf build))");
    gong.write(`p${KEYS.enter}`);
    // The same command again runs unasked; `rm -rf src` is asked about.
    await waitAnswerable(gong, /Allow bash.*rm -rf src/);
    expect(gong.screen().join("\n")).toContain("always in this project (Bash(rm -rf src))");
    expect(mock.requests).toHaveLength(3);
    gong.write(`n${KEYS.enter}`);
    await gong.waitForText("Cleaned.", WAIT);
    await waitIdle(gong);
    const local = readFileSync(path.join(box.cwd, ".gong", "settings.local.json"), "utf8");
    expect(JSON.parse(local)).toEqual({ permissions: { allow: ["Bash(rm -rf build)"] } });
    const sent = JSON.stringify(mock.requests[3]?.body);
    expect(sent).toContain("the user denied this call");
  });
});
