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
    writeSettings(box.gongHome, { trustedFolders: [box.cwd] });
    mock.enqueue([
      toolCallResponse([{ name: "bash", arguments: { command: "touch a.txt" } }]),
      textResponse("Made it."),
    ]);
    const gong = await startReady(box, { args: ["--permission-mode", "ask"] });
    gong.write(`make a.txt${KEYS.enter}`);
    await waitAnswerable(gong, /Allow bash/);
    expect(gong.screen().join("\n")).toContain("always in this project (Bash(touch:*))");
    gong.write(`p${KEYS.enter}`);
    await gong.waitForText("Made it.", WAIT);
    await waitIdle(gong);
    const local = readFileSync(path.join(box.cwd, ".gong", "settings.local.json"), "utf8");
    expect(JSON.parse(local)).toEqual({ permissions: { allow: ["Bash(touch:*)"] } });
  });

  it("a confirmBash match is an ask rule: no 'always in this project' (an allow rule would not pass it); always answers that exact command, another rm is still asked about", async () => {
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
    expect(gong.screen().join("\n")).not.toContain("always in this project");
    gong.write(`a${KEYS.enter}`);
    // The same command again runs unasked; `rm -rf src` is asked about.
    await waitAnswerable(gong, /Allow bash.*rm -rf src/);
    expect(mock.requests).toHaveLength(3);
    gong.write(`n${KEYS.enter}`);
    await gong.waitForText("Cleaned.", WAIT);
    await waitIdle(gong);
    const sent = JSON.stringify(mock.requests[3]?.body);
    expect(sent).toContain("the user denied this call");
  });
});
