import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { isProcessAlive, textResponse, toolCallResponse } from "@gong/testing";
import { KEYS, type PtySession } from "@gong/testing/pty";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { type Sandbox, sandbox, waitFor } from "../harness.js";
import { snapshotText, startReady, WAIT, waitIdle } from "./gong-terminal.js";

const mock = useMockLlmServer();

/** A bash call that records its shell's pid, then sleeps for a minute. */
const LONG_BASH = { name: "bash", arguments: { command: "echo $$ > long.pid; sleep 60" } };

/** Waits until the long bash runs; returns its pid. */
async function longBashPid(box: Sandbox): Promise<number> {
  const file = path.join(box.cwd, "long.pid");
  await waitFor(
    () => existsSync(file) && readFileSync(file, "utf8").endsWith("\n"),
    WAIT.timeoutMs,
  );
  return Number(readFileSync(file, "utf8").trim());
}

/** The text of every user message the model was sent in request `index`. */
function userTexts(index: number): string {
  const body = mock.requests[index]?.body as { messages: { role: string }[] };
  return JSON.stringify(body.messages.filter((message) => message.role === "user"));
}

async function runLongBash(
  box: Sandbox,
  after: ReturnType<typeof textResponse>,
): Promise<{ gong: PtySession; pid: number }> {
  mock.enqueue([
    toolCallResponse([
      { id: "toolu_long", ...LONG_BASH },
      { id: "toolu_next", name: "bash", arguments: { command: "echo ran > second.txt" } },
    ]),
    after,
  ]);
  const gong = await startReady(box);
  gong.write(`run the slow script${KEYS.enter}`);
  const pid = await longBashPid(box);
  await gong.waitForText("Esc aborts", WAIT);
  return { gong, pid };
}

describe("interactive mode — steering and aborting", () => {
  it("Enter during a long bash steers: the process is stopped, the next tool skipped, the text reaches the model", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const { gong, pid } = await runLongBash(box, textResponse("Understood, using the fast path."));
    expect(isProcessAlive(pid)).toBe(true);
    gong.write(`use the fast path instead${KEYS.enter}`);
    await gong.waitForText("Understood, using the fast path.", WAIT);
    await waitIdle(gong);
    await waitFor(() => !isProcessAlive(pid), WAIT.timeoutMs);
    expect(existsSync(path.join(box.cwd, "second.txt"))).toBe(false);
    expect(mock.requests).toHaveLength(2);
    expect(userTexts(1)).toContain("use the fast path instead");
    expect(JSON.stringify(mock.requests[1]!.body)).toContain("Skipped due to queued user message");
    await expect(snapshotText(gong.screen(), box)).toMatchFileSnapshot("__screens__/steered.txt");
  });

  it("Esc aborts the run: the process is stopped, nothing more is asked of the model, the editor works again", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const { gong, pid } = await runLongBash(box, textResponse("never requested"));
    gong.write(KEYS.escape);
    await waitIdle(gong);
    await waitFor(() => !isProcessAlive(pid), WAIT.timeoutMs);
    expect(existsSync(path.join(box.cwd, "second.txt"))).toBe(false);
    expect(mock.requests).toHaveLength(1);
    await expect(snapshotText(gong.screen(), box)).toMatchFileSnapshot("__screens__/aborted.txt");
    mock.reset();
    mock.enqueue(textResponse("Back at it."));
    gong.write(`continue${KEYS.enter}`);
    await gong.waitForText("Back at it.", WAIT);
  });

  it("Esc gives a queued follow-up back to the editor instead of sending it after the next prompt (issue 22.5)", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const { gong } = await runLongBash(box, textResponse("never requested"));
    gong.write(`check the logs too${KEYS.altEnter}`);
    await gong.waitForText("↳ follow-up: check the logs too", WAIT);
    gong.write(KEYS.escape);
    await waitIdle(gong);
    await gong.waitForScreen((lines) => !lines.some((line) => line.includes("↳ follow-up")), WAIT);
    expect(gong.screen().join("\n")).toContain("check the logs too");
    mock.reset();
    mock.enqueue(textResponse("Logs checked."));
    // Enter sends what the editor holds: the follow-up given back, now as the prompt.
    gong.write(KEYS.enter);
    await gong.waitForText("Logs checked.", WAIT);
    await waitIdle(gong);
    expect(mock.requests).toHaveLength(1);
    expect(userTexts(0)).toContain("check the logs too");
  });
});
