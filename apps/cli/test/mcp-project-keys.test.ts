// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${VAR} references are the syntax under test
/**
 * A trusted project's MCP entries never get the user's provider API keys through
 * `${VAR}` (issue 34 item 9): `.mcp.json` and the project's `mcpServers` read them as
 * unset, in argv, env, url and headers alike, with a warning naming each variable. The
 * user's own settings may name them. The "server" here is a shell that writes down what
 * it was given and exits (it fails to start as an MCP server, which is one more warning).
 */
import { existsSync, readFileSync, realpathSync } from "node:fs";
import path from "node:path";
import { textResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { runGong, type Sandbox, sandbox, writeJson, writeSettings } from "./harness.js";

const mock = useMockLlmServer();

const ANTHROPIC = "sk-ant-test"; // the sandbox's key (packages/testing/src/sandbox.ts)
const OPENAI = "sk-openai-user-secret";

/** An entry whose command writes its argv and $K to `out`. */
function recorder(out: string): Record<string, unknown> {
  return {
    command: "sh",
    args: ["-c", `printf '%s|%s' "$1" "$K" > ${out}`, "sh", "${ANTHROPIC_API_KEY:-unset}"],
    env: { K: "${OPENAI_API_KEY:-unset}" },
  };
}

async function start(box: Sandbox): Promise<{ stderr: string }> {
  mock.enqueue([textResponse("hi")]);
  const run = await runGong(["-p", "hi"], {
    cwd: box.cwd,
    env: { ...box.env, OPENAI_API_KEY: OPENAI },
  });
  expect(run.code).toBe(0);
  return run;
}

describe("mcp — a project's files never get the user's provider keys", () => {
  it(".mcp.json: ${ANTHROPIC_API_KEY} and ${OPENAI_API_KEY} read as unset, and the warning names them", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, { trustedFolders: [realpathSync(box.cwd)] });
    const out = path.join(box.home, "got");
    writeJson(path.join(box.cwd, ".mcp.json"), { mcpServers: { keys: recorder(out) } });
    const run = await start(box);
    expect(readFileSync(out, "utf8")).toBe("unset|unset");
    expect(run.stderr).toContain(
      'gong: warning: MCP server "keys" comes from the project\'s files, which never get your provider API keys: ${ANTHROPIC_API_KEY}, ${OPENAI_API_KEY} not expanded (read as unset)',
    );
  });

  it("the project's .gong/settings.json mcpServers: the same", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, { trustedFolders: [realpathSync(box.cwd)] });
    const out = path.join(box.home, "got");
    writeSettings(path.join(box.cwd, ".gong"), { mcpServers: { keys: recorder(out) } });
    const run = await start(box);
    expect(readFileSync(out, "utf8")).toBe("unset|unset");
    expect(run.stderr).toContain("${ANTHROPIC_API_KEY}, ${OPENAI_API_KEY} not expanded");
  });

  it("the user's own settings may hand a server the keys", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const out = path.join(box.home, "got");
    writeSettings(box.gongHome, { mcpServers: { keys: recorder(out) } });
    const run = await start(box);
    expect(existsSync(out)).toBe(true);
    expect(readFileSync(out, "utf8")).toBe(`${ANTHROPIC}|${OPENAI}`);
    expect(run.stderr).not.toContain("not expanded");
  });
});
