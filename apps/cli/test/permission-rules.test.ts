import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { textResponse, toolCallResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { runGong, sandbox, writeJson, writeSettings } from "./harness.js";

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

  it("an allow rule runs a confirmBash match without asking (print mode, no --yes)", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, {
      permissions: { allow: ["Bash(touch:*)"] },
      confirmBash: ["touch"],
    });
    bashCall("touch made");
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
    writeSettings(box.gongHome, { confirmBash: ["touch"] });
    mkdirSync(path.join(box.cwd, ".gong"), { recursive: true });
    writeJson(path.join(box.cwd, ".gong", "settings.local.json"), {
      permissions: { allow: ["Bash(touch:*)"] },
    });
    bashCall("touch made");
    const untrusted = await runGong(["-p", "make it"], box);
    expect(untrusted.code).toBe(0);
    expect(existsSync(path.join(box.cwd, "made"))).toBe(false);
    expect(untrusted.stderr).toContain("skipped permissions.allow");

    mock.reset();
    bashCall("touch made");
    writeFileSync(
      path.join(box.gongHome, "settings.json"),
      JSON.stringify({ confirmBash: ["touch"], trustedFolders: [box.cwd] }),
    );
    const trusted = await runGong(["-p", "make it"], box);
    expect(trusted.code).toBe(0);
    expect(existsSync(path.join(box.cwd, "made"))).toBe(true);
  });
});
