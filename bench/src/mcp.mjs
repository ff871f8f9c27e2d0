// MCP rows: a session's start with three stdio MCP servers against none (time until the
// first model request), a tool call's round trip through @gong/mcp against the SDK's
// Client alone (same fixture server over stdio), and the tokens of a 100-tool server's
// definitions with and without tool search.
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { estimateTextTokens } from "@gong/llm";
import { definitionTokens, McpServers } from "@gong/mcp";
import { startMockLlmServer, textResponse } from "@gong/testing";
import { runTool } from "@gong/tools";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { createAgent } from "./agents.mjs";
import { attempt } from "./attempt.mjs";
import { interleave } from "./measure.mjs";

const FIXTURE = fileURLToPath(
  new URL("../../packages/mcp/test/fixtures/fixture-server.mjs", import.meta.url),
);
/** Claude Sonnet's window: the share tool search keeps free is 10 % of it. */
const CONTEXT_WINDOW = 200_000;

/** `plan`: { reps, calls } (calls per round trip sample). */
export async function benchMcp(plan, bins, log) {
  const rows = [];
  const measure = (name, fn) => {
    log(`  ${name}`);
    return attempt(rows, "mcp", name, fn, log);
  };
  await measure("session start, 3 stdio MCP servers", async () => {
    rows.push(await sessionStartRow(plan, bins));
  });
  await measure("MCP tool call round trip", async () => {
    rows.push(await roundTripRow(plan));
  });
  await measure("tool list of 100 MCP tools, tokens", async () => {
    rows.push(await toolSearchRow());
  });
  return rows;
}

async function sessionStartRow(plan, bins) {
  const root = mkdtempSync(path.join(tmpdir(), "gong-bench-mcp-"));
  const mock = await startMockLlmServer();
  try {
    mock.setFallback(textResponse("ok"));
    const agent = createAgent("gong", root, mock, bins);
    const config = path.join(root, "servers.json");
    const server = { command: process.execPath, args: [FIXTURE] };
    writeFileSync(
      config,
      JSON.stringify({ mcpServers: { one: server, two: server, three: server } }),
    );
    const firstRequest = (extra) => untilFirstRequest(agent, mock, root, extra);
    const result = await interleave(
      { gong: () => firstRequest(["--mcp-config", config]), raw: () => firstRequest([]) },
      plan.reps,
    );
    return {
      section: "mcp",
      name: "session start to first model request, 3 stdio MCP servers",
      ...result,
      rawLabel: "gong without MCP servers",
    };
  } finally {
    await mock.close();
  }
}

/** ms from spawning `gong -p` until the mock LLM server has its request; then the run ends. */
function untilFirstRequest(agent, mock, cwd, extra) {
  const before = mock.requests.length;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [agent.bin, ...agent.args([...extra, "-p", "--no-session", "say ok"])],
      { cwd, env: agent.env, stdio: "ignore" },
    );
    let arrived;
    const poll = setInterval(() => {
      if (arrived === undefined && mock.requests.length > before) {
        arrived = performance.now() - started;
      }
    }, 2);
    child.on("error", reject);
    child.on("close", (code) => {
      clearInterval(poll);
      if (code !== 0 || arrived === undefined) reject(new Error(`gong exited ${code}`));
      else resolve(arrived);
    });
  });
}

async function roundTripRow(plan) {
  const mcp = new McpServers({
    servers: { fixture: { command: process.execPath, args: [FIXTURE] } },
    env: process.env,
    cwd: process.cwd(),
    warn: () => {},
  });
  const client = new Client({ name: "bench", version: "1.0.0" });
  try {
    await mcp.ready(15_000);
    const echo = mcp.tools().find((tool) => tool.name === "mcp__fixture__echo");
    if (!echo) throw new Error("the fixture server's echo tool is missing");
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args: [FIXTURE], stderr: "ignore" }),
    );
    const perCall = async (call) => {
      const started = performance.now();
      for (let i = 0; i < plan.calls; i++) await call(i);
      return (performance.now() - started) / plan.calls;
    };
    const result = await interleave(
      {
        gong: () => perCall((i) => runTool(echo, { text: `call ${i}` }, { cwd: process.cwd() })),
        raw: () =>
          perCall((i) => client.callTool({ name: "echo", arguments: { text: `call ${i}` } })),
      },
      plan.reps,
    );
    return {
      section: "mcp",
      name: `MCP tool call round trip (echo over stdio, per call of ${plan.calls})`,
      ...result,
      rawLabel: "SDK Client.callTool alone",
      against: { raw: 1.1 },
    };
  } finally {
    await client.close();
    await mcp.close();
  }
}

async function toolSearchRow() {
  const mcp = new McpServers({
    servers: {
      many: { command: process.execPath, args: [FIXTURE], env: { FIXTURE_MANY_TOOLS: "1" } },
    },
    env: process.env,
    cwd: process.cwd(),
    warn: () => {},
  });
  try {
    await mcp.ready(15_000);
    const all = mcp.tools();
    if (all.length !== 100) throw new Error(`the fixture offered ${all.length} tools, not 100`);
    const searched = mcp.tools({
      toolSearch: { contextWindow: CONTEXT_WINDOW, countTokens: estimateTextTokens },
    });
    const tokens = (tools) => {
      const value = definitionTokens(tools, estimateTextTokens);
      return { median: value, min: value, max: value, n: 1 };
    };
    return {
      section: "mcp",
      name: `tool definitions of a 100-tool MCP server (${CONTEXT_WINDOW / 1000}K window)`,
      unit: "tokens",
      gong: tokens(searched),
      raw: tokens(all),
      rawLabel: "all 100 listed, no tool search",
      against: { raw: 0.1 },
    };
  } finally {
    await mcp.close();
  }
}
