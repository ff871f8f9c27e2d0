/**
 * What the model and the user read when a built-in check stops a call: what decided and
 * why, never an internal hook id. Before the fix: "Blocked by hook confirm-bash: the
 * user denied this call …", though the user set up no hook (issue 35.6).
 */
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { textResponse, toolCallResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { runGong, sandbox, writeSettings } from "./harness.js";

const mock = useMockLlmServer();

/** The tool result the model was sent, as the second request carries it. */
const toolResultSent = () => JSON.stringify(mock.requests[1]?.body);

const INTERNAL_IDS =
  /confirm-bash|confirm-config-write|command-hooks|permissions-after-hooks|Blocked by hook/;

describe("built-in checks are not presented as hooks", () => {
  it("a confirmBash match denied in print mode names the pattern, not the hook confirm-bash", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, { confirmBash: ["\\brm\\s+-rf\\b"] });
    mock.enqueue([
      toolCallResponse([{ name: "bash", arguments: { command: "rm -rf build" } }]),
      textResponse("done"),
    ]);
    const run = await runGong(["-p", "clean"], box);
    expect(run.code).toBe(0);
    const sent = toolResultSent();
    expect(sent).toContain(
      "denied: needs confirmation; run interactively or pass --yes (the command matches confirmBash pattern",
    );
    expect(sent).not.toMatch(INTERNAL_IDS);
  });

  it("a write to gong's own settings denied in print mode does not name the hook confirm-config-write", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue([
      toolCallResponse([
        { name: "write", arguments: { path: ".gong/settings.json", content: "{}" } },
      ]),
      textResponse("done"),
    ]);
    const run = await runGong(["-p", "configure"], box);
    expect(run.code).toBe(0);
    expect(existsSync(path.join(box.cwd, ".gong", "settings.json"))).toBe(false);
    const sent = toolResultSent();
    expect(sent).toContain("gong's own configuration");
    expect(sent).not.toMatch(INTERNAL_IDS);
  });

  it("a PreToolUse command hook that blocks is named as one, not as command-hooks", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const hook = path.join(box.gongHome, "no-rm.sh");
    writeFileSync(hook, "#!/bin/sh\ncat >/dev/null\necho 'no rm here' >&2\nexit 2\n", {
      mode: 0o755,
    });
    writeSettings(box.gongHome, {
      hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: hook }] }] },
    });
    mock.enqueue([
      toolCallResponse([{ name: "bash", arguments: { command: "rm -rf build" } }]),
      textResponse("done"),
    ]);
    const run = await runGong(["-p", "clean"], box);
    expect(run.code).toBe(0);
    const sent = toolResultSent();
    expect(sent).toContain("Blocked by a PreToolUse hook: no rm here");
    expect(sent).not.toMatch(INTERNAL_IDS);
  });
});
