import { textResponse, toolCallResponse } from "@gong/testing";
import { KEYS, modesLeftOn } from "@gong/testing/pty";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { sandbox, writeSettings } from "../harness.js";
import { startReady, WAIT, waitAnswerable, waitIdle } from "./gong-terminal.js";

const mock = useMockLlmServer();

const FOCUS_IN = "\x1b[I";
const FOCUS_OUT = "\x1b[O";

/** The OSC 9 notifications in a terminal's output, by their text. */
const notifications = (output: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: escape sequences are what is looked for
  [...output.matchAll(/\x1b\]9;([^\x07]*)\x07/g)].map((match) => match[1]);

/** Bells that end no OSC string (a window title's BEL is not a ring). */
const bells = (output: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: escape sequences are what is removed
  output.replace(/\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)/g, "").split("\x07").length - 1;

describe("interactive mode — notifications when the terminal is not focused", {
  timeout: 180_000,
}, () => {
  it("osc9: a run that ends and a question that waits notify while unfocused, never while focused; focus reports are off at exit", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, { notifications: "osc9", confirmBash: ["\\brm\\b"] });
    const gong = await startReady(box);
    expect(gong.output()).toContain("\x1b[?1004h");

    // Focused (the terminal said so): nothing.
    gong.write(FOCUS_IN);
    mock.enqueue([textResponse("first answer")]);
    gong.write(`one${KEYS.enter}`);
    await gong.waitForText("first answer", WAIT);
    await waitIdle(gong);
    expect(notifications(gong.output())).toEqual([]);

    // Away: the end of the run calls, and so does a confirmation.
    gong.write(FOCUS_OUT);
    mock.enqueue([textResponse("second answer")]);
    gong.write(`two${KEYS.enter}`);
    await gong.waitForText("second answer", WAIT);
    await waitIdle(gong);
    expect(notifications(gong.output())).toEqual(["gong: done, your turn."]);
    // The focus report typed nothing into the prompt.
    expect(gong.screen().join("\n")).not.toMatch(/\[O|\[I/);

    mock.enqueue([
      toolCallResponse([{ name: "bash", arguments: { command: "rm nothing.txt" } }]),
      textResponse("third answer"),
    ]);
    gong.write(`three${KEYS.enter}`);
    await waitAnswerable(gong, /Allow bash/);
    expect(notifications(gong.output())).toContain("gong: allow bash? It waits for your answer.");
    gong.write(`n${KEYS.enter}`);
    await gong.waitForText("third answer", WAIT);
    await waitIdle(gong);

    gong.write(KEYS.ctrlC);
    await gong.waitForText("Ctrl+C again quits", WAIT);
    gong.write(KEYS.ctrlC);
    expect(await gong.exit).toEqual({ code: 0 });
    expect(modesLeftOn(gong.output())).toEqual([]);
  });

  it("auto in a terminal without OSC 9 rings the bell; off asks for no focus reports and stays silent", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const gong = await startReady(box, { env: { TERM_PROGRAM: undefined } });
    gong.write(FOCUS_OUT);
    mock.enqueue([textResponse("an answer")]);
    gong.write(`one${KEYS.enter}`);
    await gong.waitForText("an answer", WAIT);
    await waitIdle(gong);
    await expect.poll(() => bells(gong.output()), { timeout: WAIT.timeoutMs }).toBe(1);
    expect(notifications(gong.output())).toEqual([]);

    const quiet = sandbox(mock.anthropicBaseUrl);
    writeSettings(quiet.gongHome, { notifications: "off" });
    const silent = await startReady(quiet);
    silent.write(FOCUS_OUT);
    mock.enqueue([textResponse("a quiet answer")]);
    silent.write(`one${KEYS.enter}`);
    await silent.waitForText("a quiet answer", WAIT);
    await waitIdle(silent);
    expect(silent.output()).not.toContain("\x1b[?1004h");
    expect(bells(silent.output())).toBe(0);
  });
});
