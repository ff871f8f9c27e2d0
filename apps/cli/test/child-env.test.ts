import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { textResponse, toolCallResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { runGong, type Sandbox, sandbox, writeJson, writeSettings } from "./harness.js";

const mock = useMockLlmServer();

/** Every key variable gong knows of is set, plus one that is not a key. */
function keyedBox(): Sandbox {
  const box = sandbox(mock.anthropicBaseUrl, {
    OPENAI_API_KEY: "sk-openai-secret",
    OPENROUTER_API_KEY: "sk-or-secret",
    MY_PROXY_KEY: "sk-proxy-secret",
    UNRELATED_VAR: "kept",
  });
  // A models.json provider whose key lives in a variable of the user's choosing.
  writeJson(path.join(box.gongHome, "models.json"), {
    providers: {
      proxy: {
        baseUrl: "http://127.0.0.1:9/v1",
        api: "openai-completions",
        apiKey: "MY_PROXY_KEY",
        models: [{ id: "p-1" }],
      },
    },
  });
  return box;
}

const SHOW =
  'echo "[$ANTHROPIC_API_KEY][$OPENAI_API_KEY][$OPENROUTER_API_KEY][$MY_PROXY_KEY][$UNRELATED_VAR]"';

/** What the bash call printed, as the model got it back. */
function bashOutput(): string {
  return JSON.stringify(mock.requests[1]!.body);
}

function enqueueShow(): void {
  mock.enqueue([
    toolCallResponse([{ id: "toolu_env", name: "bash", arguments: { command: SHOW } }]),
    textResponse("done"),
  ]);
}

describe("security — bash never receives gong's provider API keys", () => {
  it("the model's bash sees none of the provider keys (catalog and models.json), other variables stay", async () => {
    const box = keyedBox();
    enqueueShow();
    const run = await runGong(["-p", "show the env"], box);
    expect(run.code).toBe(0);
    expect(bashOutput()).toContain("[][][][][kept]");
  });

  it("settings passApiKeys hands the named key on", async () => {
    const box = keyedBox();
    writeSettings(box.gongHome, { passApiKeys: ["OPENAI_API_KEY"] });
    enqueueShow();
    const run = await runGong(["-p", "show the env"], box);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe("");
    expect(bashOutput()).toContain("[][sk-openai-secret][][][kept]");
  });

  it("an untrusted project cannot pass a key on", async () => {
    const box = keyedBox();
    writeJson(path.join(box.cwd, ".gong", "settings.json"), { passApiKeys: ["ANTHROPIC_API_KEY"] });
    enqueueShow();
    const run = await runGong(["-p", "show the env"], box);
    expect(run.code).toBe(0);
    expect(bashOutput()).toContain("[][][][][kept]");
  });

  it("command hooks do not get the keys either", async () => {
    const box = keyedBox();
    const seen = path.join(box.cwd, "hook-env.txt");
    const hook = path.join(box.gongHome, "hook.sh");
    writeFileSync(hook, `#!/bin/sh\ncat >/dev/null\n${SHOW} > "${seen}"\n`, { mode: 0o755 });
    writeSettings(box.gongHome, {
      hooks: { PreToolUse: [{ hooks: [{ type: "command", command: hook }] }] },
    });
    enqueueShow();
    const run = await runGong(["-p", "show the env"], box);
    expect(run.code).toBe(0);
    expect(readFileSync(seen, "utf8")).toBe("[][][][][kept]\n");
  });
});
