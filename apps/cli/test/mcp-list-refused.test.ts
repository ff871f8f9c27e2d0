import { createServer } from "node:net";
import path from "node:path";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { runGong, sandbox, writeJson } from "./harness.js";

const mock = useMockLlmServer();

/** A loopback port nothing listens on: bound, then closed again. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  await new Promise((resolve) => server.close(resolve));
  return address.port;
}

describe("mcp — a remote server that refuses the connection says why, not only 'fetch failed'", () => {
  it("gong mcp list names the refused address", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const port = await closedPort();
    const config = path.join(box.cwd, "servers.json");
    writeJson(config, {
      mcpServers: { docs: { type: "http", url: `http://127.0.0.1:${port}/mcp` } },
    });
    const run = await runGong(["mcp", "list", "--mcp-config", config], box);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe(
      `docs: failed: fetch failed (connect ECONNREFUSED 127.0.0.1:${port})\n`,
    );
  });
});

describe("mcp — a local server that exits at start says so, not 'MCP error -32000: Connection closed'", () => {
  it("gong mcp list says the process exited and how to see why", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const config = path.join(box.cwd, "servers.json");
    writeJson(config, {
      mcpServers: { crash: { command: process.execPath, args: ["-e", "process.exit(3)"] } },
    });
    const run = await runGong(["mcp", "list", "--mcp-config", config], box);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe(
      "crash: failed: the server closed the connection before it answered (a local server's process exited: run its command yourself to see why)\n",
    );
  });
});
