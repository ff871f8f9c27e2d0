import { existsSync } from "node:fs";
import path from "node:path";
import type { ToolConfirmationRequest } from "@gong/policy";
import { loadSettings } from "@gong/settings";
import { textResponse, toolCallResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import type { CodingSessionOptions, ToolResultMessage } from "../src/index.js";
import { openSession, sessionSandbox, writeFile } from "./helpers.js";

const mock = useMockLlmServer();

/** Runs one prompt in which the model calls bash with each command, then answers. */
async function runCommands(options: Partial<CodingSessionOptions>, commands: string[]) {
  const where = sessionSandbox(mock.anthropicBaseUrl);
  mock.enqueue([
    ...commands.map((command) => toolCallResponse([{ name: "bash", arguments: { command } }])),
    textResponse("done"),
  ]);
  const warnings: string[] = [];
  const session = await openSession({
    ...where,
    tools: ["bash"],
    onWarning: (message) => warnings.push(message),
    ...options,
  });
  await session.prompt("go");
  const results = session.messages
    .filter((m): m is ToolResultMessage => m.role === "toolResult")
    .map((m) => JSON.stringify(m.content));
  await session.close();
  return { cwd: where.cwd, results, warnings };
}

const confirmRmRf = { settings: { confirmBash: ["\\brm\\s+-rf\\b"] } };

describe("confirmBash — dangerous bash commands need the user's yes", () => {
  it("without anyone to ask (print mode) a matching call is denied, others run", async () => {
    const { cwd, results } = await runCommands(confirmRmRf, [
      "touch made && rm -rf nothing-here",
      "touch plain",
    ]);
    expect(results[0]).toContain(
      String.raw`denied: needs confirmation; run interactively or pass --yes (the command matches confirmBash pattern /\\brm\\s+-rf\\b/)`,
    );
    expect(existsSync(path.join(cwd, "made"))).toBe(false);
    expect(existsSync(path.join(cwd, "plain"))).toBe(true);
  });

  it("asks with the command and the pattern; yes runs it", async () => {
    const asked: ToolConfirmationRequest[] = [];
    const { cwd } = await runCommands(
      {
        ...confirmRmRf,
        confirmToolCall: {
          ask: async (request) => {
            asked.push(request);
            return true;
          },
          timeoutMs: 2000,
        },
      },
      ["touch made; rm -rf nothing-here"],
    );
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({
      toolName: "bash",
      input: { command: "touch made; rm -rf nothing-here" },
      reason: String.raw`the command matches confirmBash pattern /\brm\s+-rf\b/`,
    });
    expect(existsSync(path.join(cwd, "made"))).toBe(true);
  });

  it('"always" allows that exact command for the rest of the session (an ask rule); another match asks again, "no" blocks', async () => {
    const answers: (boolean | "always")[] = ["always", false];
    let asks = 0;
    const { cwd, results } = await runCommands(
      {
        ...confirmRmRf,
        confirmToolCall: {
          ask: async () => {
            asks++;
            return answers.shift() ?? false;
          },
          timeoutMs: 2000,
        },
      },
      ["touch one; rm -rf x", "touch one; rm -rf x", "touch two; rm -rf y"],
    );
    expect(asks).toBe(2);
    expect(results).toHaveLength(3);
    expect(existsSync(path.join(cwd, "one"))).toBe(true);
    expect(existsSync(path.join(cwd, "two"))).toBe(false);
  });

  it("a pattern that is not a regex makes every bash call ask (fails closed), with a warning", async () => {
    const { cwd, results, warnings } = await runCommands({ settings: { confirmBash: ["(rm"] } }, [
      "touch harmless",
    ]);
    expect(results[0]).toContain("denied: needs confirmation");
    expect(existsSync(path.join(cwd, "harmless"))).toBe(false);
    expect(warnings.join("\n")).toContain(
      "settings confirmBash: /(rm/ is not a regular expression",
    );
  });

  it('a hook\'s ask answered "always" is not asked again for the same call', async () => {
    const where = sessionSandbox(mock.anthropicBaseUrl);
    const hook = writeFile(
      path.join(where.cwd, "..", "ask.sh"),
      `#!/bin/sh\necho '{"hookSpecificOutput":{"permissionDecision":"ask","permissionDecisionReason":"check"}}'\n`,
    );
    const { chmodSync } = await import("node:fs");
    chmodSync(hook, 0o755);
    let asks = 0;
    const { results } = await runCommands(
      {
        settings: {
          hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: hook }] }] },
        },
        confirmToolCall: {
          ask: async () => {
            asks++;
            return "always";
          },
          timeoutMs: 2000,
        },
      },
      ["echo same", "echo same", "echo other"],
    );
    expect(asks).toBe(2);
    expect(results.every((r) => !r.includes("denied"))).toBe(true);
  });
});

describe("confirmBash — settings", () => {
  it("a pattern added to settings.json while the session is open applies at the next prompt", async () => {
    const where = sessionSandbox(mock.anthropicBaseUrl);
    const session = await openSession({ ...where, tools: ["bash"] });
    writeFile(
      path.join(where.gongHome, "settings.json"),
      JSON.stringify({ confirmBash: ["\\brm\\s+-rf\\b"] }),
    );
    mock.enqueue([
      toolCallResponse([{ name: "bash", arguments: { command: "touch made; rm -rf x" } }]),
      textResponse("done"),
    ]);
    await session.prompt("go");
    await session.close();
    expect(existsSync(path.join(where.cwd, "made"))).toBe(false);
  });

  it("the user's and the project's lists add up: a project cannot drop a confirmation", () => {
    const where = sessionSandbox(mock.anthropicBaseUrl);
    writeFile(
      path.join(where.gongHome, "settings.json"),
      JSON.stringify({ confirmBash: ["git\\s+push\\s+--force"] }),
    );
    writeFile(path.join(where.cwd, ".gong", "settings.json"), JSON.stringify({ confirmBash: [] }));
    const loaded = loadSettings({ cwd: where.cwd, gongHome: where.gongHome, env: where.env });
    expect(loaded.settings.confirmBash).toEqual(["git\\s+push\\s+--force"]);
    expect(loaded.warnings).toEqual([]);
  });

  it("a value that is not a list of strings is dropped with a warning naming the key", () => {
    const where = sessionSandbox(mock.anthropicBaseUrl);
    writeFile(path.join(where.gongHome, "settings.json"), JSON.stringify({ confirmBash: "rm" }));
    const loaded = loadSettings({ cwd: where.cwd, gongHome: where.gongHome, env: where.env });
    expect(loaded.settings.confirmBash).toBeUndefined();
    expect(loaded.warnings.join("\n")).toContain("confirmBash");
  });
});
