import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { textResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { runGong, sandbox } from "./harness.js";

const mock = useMockLlmServer();

describe("bad input — a bad defaultProvider in settings is a warning with file:line:col, never fatal", () => {
  it('"defaultProvider": "nope": the run completes with the provider that has a key, one warning', async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const file = path.join(box.gongHome, "settings.json");
    writeFileSync(file, '{\n  "defaultProvider": "nope",\n  "defaultModel": "x-1"\n}\n');
    mock.enqueue(textResponse("fine"));
    const run = await runGong(["-p", "hello"], box);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("fine\n");
    expect(run.stderr).toMatch(
      new RegExp(
        `^gong: warning: ${file}:2:22: Unknown provider "nope"\\. Known providers: .*; the settings' defaultProvider and defaultModel were ignored\\n$`,
      ),
    );
  });

  it("a project's bad defaultProvider names the project file", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const file = path.join(box.cwd, ".gong", "settings.json");
    writeFileSync(path.join(box.gongHome, "settings.json"), "{}");
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, '{ "defaultProvider": "typo" }');
    mock.enqueue(textResponse("fine"));
    const run = await runGong(["-p", "hello"], box);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`gong: warning: ${file}:1:22: Unknown provider "typo"`);
  });

  it("--provider on the command line still fails as a usage error (exit 2)", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const run = await runGong(["--provider", "nope", "-p", "hello"], box);
    expect(run.code).toBe(2);
  });
});
