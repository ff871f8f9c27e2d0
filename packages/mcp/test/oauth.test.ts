import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { runTool } from "@gong/tools";
import { afterEach, describe, expect, it } from "vitest";
import { McpServers } from "../src/index.ts";

const OAUTH_SERVER = fileURLToPath(new URL("./fixtures/oauth-server.mjs", import.meta.url));
const running: ChildProcess[] = [];
const opened: McpServers[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((mcp) => mcp.close()));
  for (const child of running.splice(0)) child.kill();
});

function startOAuthServer(env: NodeJS.ProcessEnv = {}): Promise<string> {
  const child = spawn(process.execPath, [OAUTH_SERVER], {
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, ...env },
  });
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

function oauthServers(url: string, openAuthorizationUrl: (url: string) => void): McpServers {
  const mcp = new McpServers({
    servers: { remote: { type: "http", url } },
    env: process.env,
    cwd: process.cwd(),
    warn: () => {},
    oauth: {
      dir: mkdtempSync(path.join(tmpdir(), "gong-oauth-")),
      interactive: true,
      openAuthorizationUrl: (_server, authorizationUrl) => openAuthorizationUrl(authorizationUrl),
    },
  });
  opened.push(mcp);
  return mcp;
}

describe("mcp oauth — a wrong state does not abort the pending login (issue 34.13)", () => {
  it("the stray callback gets an error page; the real one, after it, logs in", async () => {
    const url = await startOAuthServer();
    const stray: { status: number; text: string }[] = [];
    const mcp = oauthServers(url, (authorizationUrl) => {
      const redirect = new URL(
        new URL(authorizationUrl).searchParams.get("redirect_uri") ?? "http://127.0.0.1/",
      );
      redirect.searchParams.set("code", "attacker-code");
      redirect.searchParams.set("state", "not-the-state");
      void (async () => {
        const response = await fetch(redirect);
        stray.push({ status: response.status, text: await response.text() });
        // Then the user's own consent in the browser: the authorization server redirects back.
        await fetch(authorizationUrl);
      })();
    });
    await mcp.ready(30_000);
    expect(stray).toEqual([
      {
        status: 400,
        text: expect.stringContaining("its state does not match); it was ignored"),
      },
    ]);
    expect(mcp.statuses()[0]).toMatchObject({ name: "remote", status: "connected", tools: 1 });
  });
});

// CI (a loaded machine): `gong -p` went on without a server's tools because its start
// passed the first prompt's wait just after the token refresh — no flow under way any
// more, the request sent again and the tool list still to come.
describe("mcp oauth — the rest of a start that logged in is waited for", () => {
  it("ready() waits for a tool list slower than its wait when the start ran a login", async () => {
    const url = await startOAuthServer({ FIXTURE_LIST_DELAY_MS: "1500" });
    const warnings: string[] = [];
    const mcp = new McpServers({
      servers: { remote: { type: "http", url } },
      env: process.env,
      cwd: process.cwd(),
      warn: (message) => warnings.push(message),
      oauth: {
        dir: mkdtempSync(path.join(tmpdir(), "gong-oauth-")),
        interactive: true,
        openAuthorizationUrl: (_server, authorizationUrl) => void fetch(authorizationUrl),
      },
    });
    opened.push(mcp);
    // Past the login (well under a second here), before the list's answer.
    await mcp.ready(1_000);
    expect(mcp.statuses()[0]).toMatchObject({ name: "remote", status: "connected", tools: 1 });
    expect(warnings.filter((warning) => warning.includes("has not answered"))).toEqual([]);
  });
});

describe("mcp oauth — plain http only on loopback (issue 34.13)", () => {
  it("a plain-http authorization endpoint on another host is refused, never opened, and says why", async () => {
    const url = await startOAuthServer({
      FIXTURE_AUTHORIZATION_ENDPOINT: "http://auth.example.com/authorize",
    });
    const opens: string[] = [];
    const mcp = oauthServers(url, (authorizationUrl) => opens.push(authorizationUrl));
    await mcp.ready(30_000);
    const [status] = mcp.statuses();
    expect(status).toMatchObject({ name: "remote", status: "failed" });
    expect(status?.error).toContain(
      "the authorization endpoint http://auth.example.com/authorize is not https",
    );
    expect(status?.error).toContain("https is required except on 127.0.0.1/localhost");
    expect(opens).toEqual([]);
  });
});

describe("mcp oauth — step-up on a 403 insufficient_scope (issue 35.12)", () => {
  it("re-authorizes with the scopes held so far plus the challenged one, and the call goes through", async () => {
    const url = await startOAuthServer({ FIXTURE_STEP_UP: "1" });
    const mcp = oauthServers(url, (authorizationUrl) => void fetch(authorizationUrl));
    await mcp.ready(30_000);
    expect(mcp.statuses()[0]).toMatchObject({ status: "connected", tools: 1 });
    const [whoami] = mcp.tools();
    if (!whoami) throw new Error("no tool offered");
    const result = await runTool(whoami, {}, { cwd: process.cwd() });
    expect(result.text).toBe("hello authorized client");
    // A later ordinary request still works: the new token kept mcp:basic.
    const again = await runTool(whoami, {}, { cwd: process.cwd() });
    expect(again.status).toBe("success");
    const stats = (await (await fetch(new URL("/stats", url))).json()) as {
      authorizeScopes: string[];
    };
    expect(stats.authorizeScopes).toEqual(["mcp:basic", "mcp:basic mcp:write"]);
  });
});
