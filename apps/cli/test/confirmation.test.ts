import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { textResponse, toolCallResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { runGong, type Sandbox, sandbox, writeSettings } from "./harness.js";

const mock = useMockLlmServer();

/** A model that runs `touch made; rm -rf gone` once, then answers. */
function dangerousCall(): void {
  mock.enqueue([
    toolCallResponse([{ name: "bash", arguments: { command: "touch made; rm -rf gone" } }]),
    textResponse("finished"),
  ]);
}

/** What the model was told about its bash call (the second request carries the result). */
const toolResultSent = () => JSON.stringify(mock.requests[1]?.body);

function hookThatAsks(box: Sandbox): string {
  const file = path.join(box.gongHome, "ask.sh");
  writeFileSync(
    file,
    `#!/bin/sh\ncat >/dev/null\necho '{"hookSpecificOutput":{"permissionDecision":"ask","permissionDecisionReason":"deletes files"}}'\n`,
    { mode: 0o755 },
  );
  return file;
}

describe("calls that need confirmation — print and json mode deny them unless --yes", () => {
  it("a confirmBash match is denied in print mode, with the reason the model reads", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, { confirmBash: ["\\brm\\s+-rf\\b"] });
    dangerousCall();
    const run = await runGong(["-p", "clean up"], box);
    expect(run.code).toBe(0);
    expect(existsSync(path.join(box.cwd, "made"))).toBe(false);
    expect(toolResultSent()).toContain(
      "denied: needs confirmation; run interactively or pass --yes",
    );
  });

  it("the same call runs with --yes", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, { confirmBash: ["\\brm\\s+-rf\\b"] });
    dangerousCall();
    const run = await runGong(["--yes", "-p", "clean up"], box);
    expect(run.code).toBe(0);
    expect(existsSync(path.join(box.cwd, "made"))).toBe(true);
  });

  it("json mode denies it too", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, { confirmBash: ["\\brm\\s+-rf\\b"] });
    dangerousCall();
    const run = await runGong(["--mode", "json", "clean up"], box);
    expect(run.code).toBe(0);
    expect(existsSync(path.join(box.cwd, "made"))).toBe(false);
  });

  it("a hook answering ask: denied in print mode, allowed with --yes", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const hook = hookThatAsks(box);
    writeSettings(box.gongHome, {
      hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: hook }] }] },
    });
    dangerousCall();
    const denied = await runGong(["-p", "clean up"], box);
    expect(denied.code).toBe(0);
    expect(existsSync(path.join(box.cwd, "made"))).toBe(false);
    expect(toolResultSent()).toContain(
      "denied: needs confirmation; run interactively or pass --yes (deletes files)",
    );

    mock.reset();
    dangerousCall();
    const allowed = await runGong(["--yes", "-p", "clean up"], box);
    expect(allowed.code).toBe(0);
    expect(existsSync(path.join(box.cwd, "made"))).toBe(true);
  });
});
