import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { McpServers } from "../src/index.ts";

const OAUTH_SERVER = fileURLToPath(new URL("./fixtures/oauth-server.mjs", import.meta.url));
const running: ChildProcess[] = [];
const opened: McpServers[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((mcp) => mcp.close()));
  for (const child of running.splice(0)) child.kill();
});

function startOAuthServer(): Promise<string> {
  const child = spawn(process.execPath, [OAUTH_SERVER], { stdio: ["ignore", "pipe", "inherit"] });
  running.push(child);
  return new Promise((resolve, reject) => {
    child.stdout?.once("data", (chunk: Buffer) => resolve(JSON.parse(chunk.toString()).url));
    child.once("exit", (code) => reject(new Error(`oauth fixture exited ${code}`)));
  });
}

describe("mcp oauth — an entry with its own Authorization header never starts a login", () => {
  it("its 401 is the server's failure to start; no browser is opened", async () => {
    const url = await startOAuthServer();
    const opens: string[] = [];
    const mcp = new McpServers({
      servers: { remote: { type: "http", url, headers: { Authorization: "Bearer stale" } } },
      env: process.env,
      cwd: process.cwd(),
      warn: () => {},
      oauth: {
        dir: mkdtempSync(path.join(tmpdir(), "gong-oauth-")),
        interactive: true,
        openAuthorizationUrl: (_server, authorizationUrl) => opens.push(authorizationUrl),
      },
    });
    opened.push(mcp);
    await mcp.ready(15_000);
    const [status] = mcp.statuses();
    expect(status).toMatchObject({ name: "remote", status: "failed" });
    expect(status?.error).toMatch(/401|invalid_token|Unauthorized/i);
    expect(opens).toEqual([]);
  });
});
