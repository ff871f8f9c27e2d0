import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { textResponse, toolCallResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { afterEach, describe, expect, it } from "vitest";
import { jsonLines, runGong, type Sandbox, sandbox, writeJson } from "./harness.js";

const mock = useMockLlmServer();

const fixture = (name: string) =>
  fileURLToPath(new URL(`../../../packages/mcp/test/fixtures/${name}`, import.meta.url));

const servers: ChildProcess[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.kill();
});

/** Starts the SDK-built OAuth-protected fixture; resolves with its MCP URL. */
function startOAuthServer(env: Record<string, string> = {}): Promise<string> {
  const child = spawn(process.execPath, [fixture("oauth-server.mjs")], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  servers.push(child);
  return new Promise((resolve, reject) => {
    child.stdout?.once("data", (chunk: Buffer) => resolve(JSON.parse(chunk.toString()).url));
    child.once("exit", (code) => reject(new Error(`oauth fixture exited ${code}`)));
  });
}

/** A sandbox whose settings name the remote server and whose $BROWSER fetches the URL. */
function remoteBox(url: string): { box: Sandbox; browserLog: string } {
  const box = sandbox(mock.anthropicBaseUrl);
  const browserLog = path.join(box.home, "browser.log");
  writeJson(path.join(box.gongHome, "settings.json"), {
    mcpServers: { remote: { type: "http", url } },
  });
  box.env.BROWSER = `${process.execPath} ${fixture("fetch-browser.mjs")}`;
  box.env.FETCH_BROWSER_LOG = browserLog;
  return { box, browserLog };
}

const lines = (file: string) => readFileSync(file, "utf8").trim().split("\n").filter(Boolean);

interface Granted {
  registrations: number;
  codes: number;
  refreshes: number;
}

async function stats(url: string): Promise<Granted> {
  return (await fetch(new URL("/stats", url))).json() as Promise<Granted>;
}

describe("mcp oauth — gong mcp login / logout against an OAuth-protected server", () => {
  it("login opens the URL with $BROWSER, takes the code on 127.0.0.1, keeps the tokens 0600; list connects; logout forgets", async () => {
    const url = await startOAuthServer();
    const { box, browserLog } = remoteBox(url);
    const before = await runGong(["mcp", "list"], box);
    expect(before.stdout).toContain(
      'remote: failed: MCP server "remote" needs a login: run `gong mcp login remote`',
    );

    const login = await runGong(["mcp", "login", "remote"], box);
    expect(login.code).toBe(0);
    expect(login.stdout).toBe('Logged in to MCP server "remote" (1 tools).\n');
    const [opened] = lines(browserLog);
    expect(opened).toMatch(
      /\/authorize\?.*redirect_uri=http%3A%2F%2F127\.0\.0\.1%3A\d+%2Fcallback/,
    );
    expect(login.stderr).toContain(opened);
    const dir = path.join(box.gongHome, "mcp-oauth");
    const [file] = readdirSync(dir);
    expect(statSync(path.join(dir, file as string)).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);

    const after = await runGong(["mcp", "list"], box);
    expect(after.stdout).toBe("remote: connected (1 tool)\n");

    const logout = await runGong(["mcp", "logout", "remote"], box);
    expect(logout.stdout).toBe('Logged out of MCP server "remote".\n');
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe("mcp oauth — the callback port the client registered is taken at the next login", () => {
  it("a session's login picks another port and registers again instead of failing", async () => {
    const url = await startOAuthServer();
    const { box, browserLog } = remoteBox(url);
    expect((await runGong(["mcp", "login", "remote"], box)).code).toBe(0);
    // The tokens are gone (revoked, say) but the registration stays: the next login
    // would use the registered redirect port, which another program now holds.
    const dir = path.join(box.gongHome, "mcp-oauth");
    const file = path.join(dir, readdirSync(dir)[0] as string);
    const { tokens: _gone, ...stored } = JSON.parse(readFileSync(file, "utf8"));
    writeFileSync(file, JSON.stringify(stored));
    const port = Number(new URL(stored.redirectUrl).port);
    const squatter = createServer(() => {});
    await new Promise<void>((resolve) => squatter.listen(port, "127.0.0.1", resolve));
    mock.enqueue([
      toolCallResponse([{ id: "toolu_1", name: "mcp__remote__whoami", arguments: {} }]),
      textResponse("done"),
    ]);
    try {
      const run = await runGong(["--mode", "json", "who am i"], box);
      expect(run.code).toBe(0);
      const end = jsonLines(run.stdout).find((e) => e.type === "tool_execution_end") as {
        result: { text: string };
      };
      expect(end.result.text).toBe("hello authorized client");
    } finally {
      squatter.close();
    }
    const ports = lines(browserLog).map(
      (opened) => new URL(new URL(opened).searchParams.get("redirect_uri") as string).port,
    );
    expect(ports).toHaveLength(2);
    expect(ports[0]).toBe(String(port));
    expect(ports[1]).not.toBe(String(port));
    expect(await stats(url)).toMatchObject({ registrations: 2, codes: 2 });
  });
});

describe("mcp oauth — a session logs in on a 401 and refreshes an expired token", () => {
  it("gong -p runs the browser login on the 401 and calls the tool; the next run refreshes instead of logging in again", async () => {
    const url = await startOAuthServer();
    const { box, browserLog } = remoteBox(url);
    const call = () =>
      mock.enqueue([
        toolCallResponse([{ id: "toolu_1", name: "mcp__remote__whoami", arguments: {} }]),
        textResponse("done"),
      ]);
    const result = (stdout: string) =>
      (
        jsonLines(stdout).find((e) => e.type === "tool_execution_end") as {
          result: { text: string };
        }
      ).result.text;

    call();
    const first = await runGong(["--mode", "json", "who am i"], box);
    expect(first.code).toBe(0);
    expect(result(first.stdout)).toBe("hello authorized client");
    // json mode reports warnings as events on stdout.
    expect(first.stdout).toContain(
      'MCP server \\"remote\\" needs a login: opening http://127.0.0.1',
    );
    expect(lines(browserLog)).toHaveLength(1);

    // The access token expires (the server refuses it from now on). It used to last 1 s,
    // and on a loaded machine a refreshed token could expire again before its request.
    await fetch(new URL("/expire-tokens", url), { method: "POST" });
    call();
    const second = await runGong(["--mode", "json", "who am i"], box);
    expect(second.code).toBe(0);
    expect(result(second.stdout)).toBe("hello authorized client");
    expect(lines(browserLog)).toHaveLength(1);
    // One browser login in all; the second run's expired token was refreshed.
    const granted = await stats(url);
    expect(granted.codes).toBe(1);
    expect(granted.refreshes).toBe(1);
  });
});
