import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { bashThenFinished, runGong, sandbox } from "./harness.js";

const mock = useMockLlmServer();

describe("permissions — a settings file that cannot be read fails closed", () => {
  it("a project file with a syntax error beside its deny rule: every call asks (denied in print mode), the reason names the file", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const file = path.join(box.cwd, ".gong", "settings.json");
    mkdirSync(path.dirname(file), { recursive: true });
    // The comma after the rule is missing: the deny rule cannot be read.
    writeFileSync(file, '{\n  "permissions": { "deny": ["Bash(touch:*)"] }\n  "model": "x"\n}\n');
    mock.enqueue(bashThenFinished("touch made"));
    const run = await runGong(["-p", "make it"], box);
    expect(run.code).toBe(0);
    expect(existsSync(path.join(box.cwd, "made"))).toBe(false);
    const sent = JSON.stringify(mock.requests[1]?.body);
    expect(sent).toContain("denied: needs confirmation");
    expect(sent).toContain(`the settings file ${file} cannot be read`);
    expect(run.stderr).toBe(
      `gong: warning: ${file}:3:3: invalid JSON: expected ',' between two entries, found "\\""; the file was ignored, fix it to apply it; until then every tool call asks (its permission rules cannot be read)\n`,
    );
  });

  it("--yes answers the question: the user chose to run anyway", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeFileSync(path.join(box.gongHome, "settings.json"), '{ "permissions": ');
    mock.enqueue(bashThenFinished("touch made"));
    const run = await runGong(["--yes", "-p", "make it"], box);
    expect(run.code).toBe(0);
    expect(existsSync(path.join(box.cwd, "made"))).toBe(true);
  });
});
