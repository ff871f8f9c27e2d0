/**
 * An untrusted folder's warning names the file each skipped key is in: a rule saved in
 * `.gong/settings.local.json` is not sent looking in `.gong/settings.json` (issue 35.4).
 */
import path from "node:path";
import { textResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { runGong, sandbox, writeJson } from "./harness.js";

const mock = useMockLlmServer();

describe("trust — the warning names the file a skipped key is in", () => {
  it("permissions.allow in .gong/settings.local.json is named with that file", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeJson(path.join(box.cwd, ".gong", "settings.local.json"), {
      permissions: { allow: ["Bash(npm test:*)"] },
    });
    mock.enqueue(textResponse("hi"));
    const run = await runGong(["-p", "hi"], box);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe(
      "gong: warning: this folder is not trusted: skipped permissions.allow from .gong/settings.local.json; run gong --trust here to load them\n",
    );
  });

  it("keys in both project files: each named with its own file", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeJson(path.join(box.cwd, ".gong", "settings.json"), { shellPath: "/bin/bash" });
    writeJson(path.join(box.cwd, ".gong", "settings.local.json"), {
      hooks: { PreToolUse: [{ hooks: [{ type: "command", command: "true" }] }] },
      permissions: { allow: ["Bash(make:*)"] },
    });
    mock.enqueue(textResponse("hi"));
    const run = await runGong(["-p", "hi"], box);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe(
      "gong: warning: this folder is not trusted: skipped shellPath from .gong/settings.json and hooks, permissions.allow from .gong/settings.local.json; run gong --trust here to load them\n",
    );
  });
});
