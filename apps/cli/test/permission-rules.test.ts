import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { textResponse, toolCallResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { runGong, type Sandbox, sandbox, writeJson, writeSettings } from "./harness.js";

const mock = useMockLlmServer();

/** What the model was told about its tool call (the second request carries the result). */
const toolResultSent = () => JSON.stringify(mock.requests[1]?.body);

function bashCall(command: string): void {
  mock.enqueue([
    toolCallResponse([{ name: "bash", arguments: { command } }]),
    textResponse("finished"),
  ]);
}

describe("permissions — deny rules refuse without asking, deny beats allow", () => {
  it("a permissions.deny rule blocks the call even with --yes and an allow rule for it", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, {
      permissions: { allow: ["Bash"], deny: ["Bash(touch:*)"] },
      confirmBash: ["touch"],
    });
    bashCall("echo hi && touch made");
    const run = await runGong(["--yes", "-p", "make it"], box);
    expect(run.code).toBe(0);
    expect(existsSync(path.join(box.cwd, "made"))).toBe(false);
    expect(toolResultSent()).toContain(
      "bash refused by the permissions.deny rule Bash(touch:*) in the settings",
    );
  });
});

describe("permissions — confirmBash is an ask rule (issue 37: ask beats allow, matched against what runs)", () => {
  it("a confirmBash match asks (denied in print mode) even when an allow rule covers the command", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, {
      permissions: { allow: ["Bash(touch:*)"] },
      confirmBash: ["touch"],
    });
    bashCall("touch made");
    const run = await runGong(["-p", "make it"], box);
    expect(run.code).toBe(0);
    expect(existsSync(path.join(box.cwd, "made"))).toBe(false);
    expect(toolResultSent()).toContain(
      "denied: needs confirmation; run interactively or pass --yes (the command matches confirmBash pattern /touch/)",
    );
  });

  it("a confirmBash pattern is matched against every command of the line: bash -c, xargs, t\\ouch", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, { confirmBash: ["^touch\\b"] });
    const commands = ['bash -c "touch a"', "echo b | xargs touch", "t\\ouch c", "env X=1 touch d"];
    mock.enqueue([
      toolCallResponse(commands.map((command) => ({ name: "bash", arguments: { command } }))),
      textResponse("finished"),
    ]);
    const run = await runGong(["-p", "make them"], box);
    expect(run.code).toBe(0);
    for (const file of ["a", "b", "c", "d"])
      expect(existsSync(path.join(box.cwd, file))).toBe(false);
    const sent = toolResultSent();
    expect(sent.split("the command matches confirmBash pattern").length - 1).toBe(4);
  });

  it("a line whose programs cannot be known asks while a confirmBash pattern exists", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, { confirmBash: ["^touch\\b"] });
    bashCall('echo "touch made" | sh');
    const run = await runGong(["-p", "make it"], box);
    expect(run.code).toBe(0);
    expect(existsSync(path.join(box.cwd, "made"))).toBe(false);
    expect(toolResultSent()).toContain(
      "the confirmBash pattern /^touch\\\\b/ may be about this command",
    );
  });

  it("a command no pattern matches runs unasked", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, { confirmBash: ["^touch\\b"] });
    bashCall("echo hi > made");
    const run = await runGong(["-p", "make it"], box);
    expect(run.code).toBe(0);
    expect(existsSync(path.join(box.cwd, "made"))).toBe(true);
  });
});

describe("permissions — a rule that cannot be parsed asks rather than allows", () => {
  it("a broken deny rule makes its tool's calls ask (denied in print mode), with a file:line:col warning", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, { permissions: { allow: ["Bash"], deny: ["Bash(touch x"] } });
    bashCall("touch made");
    const run = await runGong(["-p", "make it"], box);
    expect(run.code).toBe(0);
    expect(existsSync(path.join(box.cwd, "made"))).toBe(false);
    expect(toolResultSent()).toContain("denied: needs confirmation");
    expect(toolResultSent()).toContain("the permissions.deny rule Bash(touch x cannot be read");
    expect(run.stderr).toMatch(
      /settings\.json:\d+:\d+: permissions\.deny: "Bash\(touch x" is not a rule/,
    );
  });
});

describe("permissions — a project's allow rules load only in a trusted folder", () => {
  it("settings.local.json allow rules are ignored untrusted and apply once trusted", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mkdirSync(path.join(box.cwd, ".gong"), { recursive: true });
    writeJson(path.join(box.cwd, ".gong", "settings.local.json"), {
      permissions: { allow: ["Bash(touch:*)"] },
    });
    bashCall("touch made");
    // ask mode asks before bash (denied in print mode) unless an allow rule covers it.
    const untrusted = await runGong(["--permission-mode", "ask", "-p", "make it"], box);
    expect(untrusted.code).toBe(0);
    expect(existsSync(path.join(box.cwd, "made"))).toBe(false);
    expect(untrusted.stderr).toContain("skipped permissions.allow");

    mock.reset();
    bashCall("touch made");
    writeFileSync(
      path.join(box.gongHome, "settings.json"),
      JSON.stringify({ trustedFolders: [box.cwd] }),
    );
    const trusted = await runGong(["--permission-mode", "ask", "-p", "make it"], box);
    expect(trusted.code).toBe(0);
    expect(existsSync(path.join(box.cwd, "made"))).toBe(true);
  });
});

/** A user PreToolUse hook for Bash that answers `permissionDecision: "allow"`. */
function hookThatAllows(box: Sandbox): Record<string, unknown> {
  const file = path.join(box.gongHome, "allow.sh");
  writeFileSync(
    file,
    `#!/bin/sh\ncat >/dev/null\necho '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}'\n`,
    { mode: 0o755 },
  );
  return { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: file }] }] };
}

describe("permissions — a PreToolUse hook's allow skips the mode's question, not a rule (Claude Code's order)", () => {
  it("ask mode: a PreToolUse hook's allow runs the call unasked (print mode, no --yes)", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, { hooks: hookThatAllows(box) });
    bashCall("touch made");
    const run = await runGong(["--permission-mode", "ask", "-p", "make it"], box);
    expect(run.code).toBe(0);
    expect(existsSync(path.join(box.cwd, "made"))).toBe(true);
  });

  it("a PreToolUse hook's allow does not pass an ask rule, a confirmBash pattern or a deny rule", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, {
      hooks: hookThatAllows(box),
      permissions: { ask: ["Bash(touch:*)"], deny: ["Bash(rm:*)"] },
      confirmBash: ["^mkdir\\b"],
    });
    mock.enqueue([
      toolCallResponse([
        { name: "bash", arguments: { command: "touch asked" } },
        { name: "bash", arguments: { command: "mkdir confirmed" } },
        { name: "bash", arguments: { command: "echo x > kept && rm kept" } },
      ]),
      textResponse("finished"),
    ]);
    const run = await runGong(["--permission-mode", "ask", "-p", "make it"], box);
    expect(run.code).toBe(0);
    expect(existsSync(path.join(box.cwd, "asked"))).toBe(false);
    expect(existsSync(path.join(box.cwd, "confirmed"))).toBe(false);
    expect(existsSync(path.join(box.cwd, "kept"))).toBe(false);
    const sent = toolResultSent();
    expect(sent).toContain("the permissions.ask rule Bash(touch:*) asks before this call");
    expect(sent).toContain("the command matches confirmBash pattern /^mkdir\\\\b/");
    expect(sent).toContain("bash refused by the permissions.deny rule Bash(rm:*)");
  });
});
