/**
 * Claude Code's Notification hook through gong-rpc: a permission question put to the
 * client (`extension_ui_request`) runs it with `notification_type: "permission_prompt"`,
 * while the question waits; closing the session runs SessionEnd. The hook writes the
 * JSON it reads on stdin to a file; the test checks the fields Claude Code documents.
 */
import { existsSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import path from "node:path";
import { textResponse, toolCallResponse } from "@gong/testing";
import { gongSandbox, useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { RpcProcess, waitUntil, writeJson } from "./harness.js";

const mock = useMockLlmServer();

function lines(file: string): Record<string, unknown>[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe("gong-rpc — Notification and SessionEnd hooks", () => {
  it("a permission question runs Notification (permission_prompt) while it waits; the end runs SessionEnd", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    const out = path.join(box.gongHome, "events.jsonl");
    const hook = path.join(box.gongHome, "record.sh");
    writeFileSync(hook, `#!/bin/sh\ncat >> "${out}"\necho >> "${out}"\n`, { mode: 0o755 });
    const command = [{ type: "command", command: hook }];
    writeJson(path.join(box.gongHome, "settings.json"), {
      hooks: {
        Notification: [{ matcher: "permission_prompt", hooks: command }],
        SessionEnd: [{ hooks: command }],
      },
    });
    mock.enqueue([
      toolCallResponse([{ name: "write", arguments: { path: "a.txt", content: "a" } }]),
      textResponse("wrote it"),
    ]);
    const rpc = RpcProcess.start(box, ["--permission-mode", "ask"]);
    await rpc.request({ type: "prompt", message: "write it" });
    const ask = await rpc.waitFor((l) => l.type === "extension_ui_request");
    // The hook runs while the question is open: the user has not answered yet.
    await waitUntil(() => lines(out).length === 1);
    const [notified] = lines(out);
    expect(notified).toMatchObject({
      hook_event_name: "Notification",
      notification_type: "permission_prompt",
      message: "Gong needs your permission to use Write",
    });
    expect(typeof notified?.session_id).toBe("string");
    expect(existsSync(String(notified?.transcript_path))).toBe(true);
    expect(realpathSync(String(notified?.cwd))).toBe(realpathSync(box.cwd));

    await rpc.request({ type: "extension_ui_response", requestId: ask.id, confirmed: true });
    await rpc.waitFor((l) => l.type === "run_end");
    expect(await rpc.end()).toBe(0);
    expect(readFileSync(path.join(box.cwd, "a.txt"), "utf8")).toBe("a");
    const ended = lines(out).slice(1);
    expect(ended).toHaveLength(1);
    expect(ended[0]).toMatchObject({ hook_event_name: "SessionEnd", reason: "other" });
    expect(ended[0]?.session_id).toBe(notified?.session_id);
  });
});
