/**
 * Claude Code's Notification and SessionEnd hooks in the interactive mode: a run that
 * ends leaves gong waiting for input (`idle_prompt`, where the terminal would ring),
 * `/new` ends the session with reason `clear`, Ctrl+D with `prompt_input_exit`.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { textResponse } from "@gong/testing";
import { KEYS } from "@gong/testing/pty";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { sandbox, waitFor, writeSettings } from "../harness.js";
import { ask, startReady, WAIT } from "./gong-terminal.js";

const mock = useMockLlmServer();

function lines(file: string): Record<string, unknown>[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe("interactive mode — Notification and SessionEnd hooks", { timeout: 180_000 }, () => {
  it("idle_prompt after a run, SessionEnd clear on /new, prompt_input_exit on Ctrl+D", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const out = path.join(box.gongHome, "events.jsonl");
    const hook = path.join(box.gongHome, "record.sh");
    writeFileSync(hook, `#!/bin/sh\ncat >> "${out}"\necho >> "${out}"\n`, { mode: 0o755 });
    const command = [{ type: "command", command: hook }];
    writeSettings(box.gongHome, {
      notifications: "off",
      hooks: { Notification: [{ hooks: command }], SessionEnd: [{ hooks: command }] },
    });
    const gong = await startReady(box);
    mock.enqueue([textResponse("first answer")]);
    await ask(gong, "one", "first answer");
    await waitFor(() => lines(out).length === 1);
    expect(lines(out)[0]).toMatchObject({
      hook_event_name: "Notification",
      notification_type: "idle_prompt",
      message: "Gong is waiting for your input",
    });

    gong.write(`/new${KEYS.enter}`);
    await gong.waitForText("new session", WAIT);
    await waitFor(() => lines(out).length === 2);
    const cleared = lines(out)[1];
    expect(cleared).toMatchObject({ hook_event_name: "SessionEnd", reason: "clear" });

    gong.write(KEYS.ctrlD);
    expect(await gong.exit).toEqual({ code: 0 });
    const ended = lines(out)[2];
    expect(ended).toMatchObject({ hook_event_name: "SessionEnd", reason: "prompt_input_exit" });
    // The new session is another one: its own id.
    expect(ended?.session_id).not.toBe(cleared?.session_id);
    expect(lines(out)).toHaveLength(3);
  });
});
