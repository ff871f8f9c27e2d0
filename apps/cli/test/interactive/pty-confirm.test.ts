import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { textResponse, toolCallResponse } from "@gong/testing";
import { KEYS, modesLeftOn } from "@gong/testing/pty";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { type Sandbox, sandbox, writeSettings } from "../harness.js";
import { answerable, startReady, WAIT, waitAnswerable, waitIdle } from "./gong-terminal.js";

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

describe("interactive mode — confirming dangerous bash", () => {
  it("a confirmBash match is asked first; n declines, the file stays, the model is told", async () => {
    const { box, victim } = dangerousProject();
    const gong = await startReady(box);
    gong.write(`clean up${KEYS.enter}`);
    await waitAnswerable(gong, QUESTION);
    gong.write(KEYS.enter); // Enter alone gives no answer
    gong.write(`n${KEYS.enter}`);
    await gong.waitForText("Finished.", WAIT);
    await waitIdle(gong);
    expect(existsSync(victim)).toBe(true);
    expect(JSON.stringify(mock.requests[1]!.body)).toMatch(/declined|denied|not allowed/i);
  });

  it("y allows the call", async () => {
    const { box, victim } = dangerousProject();
    const gong = await startReady(box);
    gong.write(`clean up${KEYS.enter}`);
    await waitAnswerable(gong, QUESTION);
    gong.write(`y${KEYS.enter}`);
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

describe("security — typing ahead never answers a confirmation", () => {
  it("letters typed as the question appears allow nothing and all reach the prompt", async () => {
    const { box, victim } = dangerousProject();
    const gong = await startReady(box);
    gong.write(`clean up${KEYS.enter}`);
    // The user keeps typing while the agent works; the question appears mid-word. Each
    // letter is a key of its own, as a typist sends them: "a" is "always", "y" is "yes".
    const text = "say yes always";
    let typed = "";
    let seenAt: number | undefined;
    while (existsSync(victim) && (seenAt === undefined || typed.length < seenAt + 4)) {
      const char = text[typed.length % text.length]!;
      gong.write(char);
      typed += char;
      await new Promise((resolve) => setTimeout(resolve, 30));
      if (seenAt === undefined && QUESTION.test(gong.screen().join("\n"))) seenAt = typed.length;
      if (typed.length > 200) throw new Error("the question never appeared");
    }
    // Before the fix a typed "a" allowed rm at once and the run finished.
    await gong.waitForScreen(
      (lines) => answerable(lines, QUESTION) || lines.some((line) => line.includes("Finished.")),
      WAIT,
    );
    expect(existsSync(victim)).toBe(true);
    gong.write(`n${KEYS.enter}`);
    await gong.waitForText("Finished.", WAIT);
    await waitIdle(gong);
    expect(existsSync(victim)).toBe(true);
    // Every letter typed is in the editor: sent now, it is the next prompt as typed.
    mock.enqueue([textResponse("Noted.")]);
    gong.write(KEYS.enter);
    await gong.waitForText("Noted.", WAIT);
    const last = mock.requests.at(-1)!.body as { messages: { role: string; content: unknown }[] };
    // Trimmed: a prompt is sent without the space the typist may have ended on.
    expect(JSON.stringify(last.messages.at(-1)!.content)).toContain(
      JSON.stringify(typed.trim()).slice(1, -1),
    );
  });
});
