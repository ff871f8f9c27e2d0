import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { textResponse, toolCallResponse } from "@gong/testing";
import { KEYS, modesLeftOn } from "@gong/testing/pty";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { type Sandbox, sandbox, writeSettings } from "../harness.js";
import { startReady, WAIT, waitIdle } from "./gong-terminal.js";

const mock = useMockLlmServer();

/** Settings `confirmBash` holds `rm`; the model wants to delete victim.txt. */
function dangerousProject(): { box: Sandbox; victim: string } {
  const box = sandbox(mock.anthropicBaseUrl);
  writeSettings(box.gongHome, { confirmBash: ["\\brm\\b"] });
  const victim = path.join(box.cwd, "victim.txt");
  writeFileSync(victim, "keep me\n");
  mock.enqueue([
    toolCallResponse([{ id: "toolu_rm", name: "bash", arguments: { command: "rm victim.txt" } }]),
    textResponse("Finished."),
  ]);
  return { box, victim };
}

const QUESTION = /Allow bash.*rm victim\.txt/;

describe("interactive mode — confirming dangerous bash", { timeout: 120_000 }, () => {
  it("a confirmBash match is asked first; n declines, the file stays, the model is told", async () => {
    const { box, victim } = dangerousProject();
    const gong = await startReady(box);
    gong.write(`clean up${KEYS.enter}`);
    await gong.waitForText(QUESTION, WAIT);
    gong.write(KEYS.enter); // Enter must not approve a question that just appeared
    gong.write("n");
    await gong.waitForText("Finished.", WAIT);
    await waitIdle(gong);
    expect(existsSync(victim)).toBe(true);
    expect(JSON.stringify(mock.requests[1]!.body)).toMatch(/declined|denied|not allowed/i);
  });

  it("y allows the call", async () => {
    const { box, victim } = dangerousProject();
    const gong = await startReady(box);
    gong.write(`clean up${KEYS.enter}`);
    await gong.waitForText(QUESTION, WAIT);
    gong.write("y");
    await gong.waitForText("Finished.", WAIT);
    expect(existsSync(victim)).toBe(false);
  });

  it("SIGTERM while the question is open denies the call, exits 143, restores the terminal", async () => {
    const { box, victim } = dangerousProject();
    const gong = await startReady(box);
    gong.write(`clean up${KEYS.enter}`);
    await gong.waitForText(QUESTION, WAIT);
    gong.kill("SIGTERM");
    expect(await gong.exit).toEqual({ code: 143 });
    expect(existsSync(victim)).toBe(true);
    expect(modesLeftOn(gong.output())).toEqual([]);
  });

  it("--yes allows it without asking", async () => {
    const { box, victim } = dangerousProject();
    const gong = await startReady(box, { args: ["--yes"] });
    gong.write(`clean up${KEYS.enter}`);
    await gong.waitForText(/Finished\.|Allow bash/, WAIT);
    expect(gong.screen().join("\n")).not.toMatch(QUESTION);
    await gong.waitForText("Finished.", WAIT);
    expect(existsSync(victim)).toBe(false);
  });
});
