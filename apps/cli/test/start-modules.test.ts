import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { textResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { runGong, type Sandbox, sandbox } from "./harness.js";

// Issue 39.1: `gong --version` loaded a 2.2 MB chunk (the agent, TypeBox, yaml, ajv, zod,
// the MCP SDK, marked) through one import of the runtime's index in the argument parser:
// 3× `node -e 0`. The built binary starts here under a loader hook that writes down every
// module it loads (fixtures/record-modules.mjs); each bundled chunk is mapped back to the
// source files in it through its source map.

const mock = useMockLlmServer();

const RECORDER = fileURLToPath(new URL("./fixtures/record-modules.mjs", import.meta.url));

/** What only running the agent needs: a source file whose path matches is an engine module. */
const ENGINE_MODULES: Record<string, RegExp> = {
  agent: /packages\/agent-core\//,
  "MCP SDK": /@modelcontextprotocol\/sdk\//,
  typebox: /@sinclair\/typebox\//,
  ajv: /node_modules\/ajv\//,
  zod: /node_modules\/zod\//,
  yaml: /node_modules\/yaml\//,
  marked: /node_modules\/marked\//,
  "JSON-RPC": /node_modules\/vscode-(?:jsonrpc|languageserver-protocol|languageserver-types)\//,
};

/** The source files of the modules a `gong ...args` start loaded (chunks through their maps). */
async function loadedSources(args: string[], box: Sandbox): Promise<string[]> {
  const log = path.join(box.home, "modules.log");
  const env = { ...box.env, NODE_OPTIONS: `--import=${RECORDER}`, GONG_TEST_MODULE_LOG: log };
  await runGong(args, { cwd: box.cwd, env });
  const files = new Set(
    readFileSync(log, "utf8")
      .split("\n")
      .filter((url) => url.startsWith("file:"))
      .map((url) => fileURLToPath(url)),
  );
  return [...files].flatMap((file) => {
    const map = `${file}.map`;
    if (!existsSync(map)) return [file];
    const { sources } = JSON.parse(readFileSync(map, "utf8")) as { sources: string[] };
    return sources;
  });
}

/** The engine modules among the sources, by name, e.g. { typebox: [...] }. */
function engineModules(sources: readonly string[]): Record<string, number> {
  const found: Record<string, number> = {};
  for (const [name, pattern] of Object.entries(ENGINE_MODULES)) {
    const count = sources.filter((source) => pattern.test(source)).length;
    if (count > 0) found[name] = count;
  }
  return found;
}

describe("gong starts only what the command needs", () => {
  it.each([
    ["--version", ["--version"]],
    ["--help", ["--help"]],
    ["a usage error", ["--bogus"]],
    ["gong worktree list", ["worktree", "list"]],
    ["gong mcp add", ["mcp", "add", "docs", "--", "node", "server.js"]],
    ["gong mcp remove", ["mcp", "remove", "docs"]],
  ])("%s loads no engine module", async (_name, args) => {
    const sources = await loadedSources(args, sandbox(mock.anthropicBaseUrl));
    expect(sources.some((source) => source.endsWith("src/bin.ts"))).toBe(true);
    expect(engineModules(sources)).toEqual({});
  });

  // These read settings.json / models.json, and a file read is a file validated: the
  // config validator (TypeBox schemas) is theirs to load — nothing else of the engine.
  it.each([
    ["gong mcp list", ["mcp", "list"]],
    ["gong mcp get", ["mcp", "get", "docs"]],
    ["--list-models", ["--list-models"]],
  ])("%s loads the config validator and no other engine module", async (_name, args) => {
    const sources = await loadedSources(args, sandbox(mock.anthropicBaseUrl));
    expect(Object.keys(engineModules(sources))).toEqual(["typebox"]);
  });

  it("--export loads the config validator and the Markdown renderer, not the agent or the MCP SDK", async () => {
    mock.setFallback(textResponse("**done**"));
    const box = sandbox(mock.anthropicBaseUrl);
    const run = await runGong(["--mode", "json", "say done"], box);
    expect(run.code).toBe(0);
    const id = JSON.parse(run.stdout.split("\n")[0]!).id as string;
    const sources = await loadedSources(["--export", id, path.join(box.cwd, "s.html")], box);
    expect(Object.keys(engineModules(sources)).sort()).toEqual(["marked", "typebox"]);
  });

  it("a prompt run loads them (the recorder sees what is loaded)", async () => {
    mock.setFallback(textResponse("ok"));
    const box = sandbox(mock.anthropicBaseUrl);
    const sources = await loadedSources(["-p", "--no-session", "say ok"], box);
    expect(Object.keys(engineModules(sources))).toEqual(
      expect.arrayContaining(["agent", "typebox"]),
    );
  });

  // The MCP client was three quarters of a megabyte of every prompt run's start (bench
  // "one-turn print"); it is loaded when a server is configured (mcp.test.ts runs them).
  it("a prompt run without MCP servers loads no MCP SDK (nor its zod and ajv)", async () => {
    mock.setFallback(textResponse("ok"));
    const box = sandbox(mock.anthropicBaseUrl);
    const sources = await loadedSources(["-p", "--no-session", "say ok"], box);
    const found = engineModules(sources);
    expect(found.agent).toBeGreaterThan(0);
    expect(Object.keys(found)).not.toContain("MCP SDK");
    expect(Object.keys(found)).not.toContain("zod");
    expect(Object.keys(found)).not.toContain("ajv");
  });

  // Issue 39.4 (bench "one-turn print"): the language servers' JSON-RPC library (~360 KB)
  // came with the lsp tool's request names, and marked with the session's /export; both
  // are loaded now when first used (lsp.test.ts starts a server, export tests export).
  it("a prompt run loads neither the language-server client nor the Markdown renderer", async () => {
    mock.setFallback(textResponse("ok"));
    const box = sandbox(mock.anthropicBaseUrl);
    const sources = await loadedSources(["-p", "--no-session", "say ok"], box);
    const found = Object.keys(engineModules(sources));
    expect(found).toContain("agent");
    expect(found).not.toContain("JSON-RPC");
    expect(found).not.toContain("marked");
  });
});
