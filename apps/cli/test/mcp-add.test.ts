// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${VAR} references are the syntax under test
import { existsSync, readFileSync, realpathSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { runGong, sandbox, writeSettings } from "./harness.js";

const mock = useMockLlmServer();

const FIXTURE = fileURLToPath(
  new URL("../../../packages/mcp/test/fixtures/fixture-server.mjs", import.meta.url),
);
const TOKEN = "sk-live-0123456789abcdef";

function httpAdd(scope: "user" | "project", header: string): string[] {
  return [
    "mcp",
    "add",
    "--scope",
    scope,
    "--transport",
    "http",
    "docs",
    "https://example.com/mcp",
    "--header",
    header,
    "--header",
    "X-Team: blue",
  ];
}

describe("gong mcp add — a token in --header is never echoed nor committed (issue 34.14)", () => {
  it("user scope: the header value is masked in the echo and settings.json is written 0600", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const run = await runGong(httpAdd("user", `Authorization: Bearer ${TOKEN}`), box);
    expect(run.code).toBe(0);
    expect(run.stdout + run.stderr).not.toContain(TOKEN);
    expect(run.stdout).toContain('"Authorization": "Bearer ****"');
    const file = path.join(box.gongHome, "settings.json");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const written = JSON.parse(readFileSync(file, "utf8"));
    expect(written.mcpServers.docs.headers.Authorization).toBe(`Bearer ${TOKEN}`);
  });

  it("a user settings.json that was 0644 becomes 0600 when a server is added", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, { theme: "dark" });
    const file = path.join(box.gongHome, "settings.json");
    expect(statSync(file).mode & 0o077).not.toBe(0);
    const run = await runGong(httpAdd("user", `Authorization: Bearer ${TOKEN}`), box);
    expect(run.code).toBe(0);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, "utf8")).theme).toBe("dark");
  });

  it("a literal token for .mcp.json is refused with the ${VAR} command to run; nothing is written", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, { trustedFolders: [realpathSync(box.cwd)] });
    const run = await runGong(httpAdd("project", `Authorization: Bearer ${TOKEN}`), box);
    expect(run.code).toBe(1);
    expect(run.stdout + run.stderr).not.toContain(TOKEN);
    expect(run.stderr).toContain("export DOCS_TOKEN=<token>");
    expect(run.stderr).toContain(
      "gong mcp add --scope project --transport http docs https://example.com/mcp --header 'Authorization: Bearer ${DOCS_TOKEN}' --header 'X-Team: blue'",
    );
    expect(existsSync(path.join(box.cwd, ".mcp.json"))).toBe(false);
  });

  it("a ${VAR} reference for .mcp.json is written as given and shown unmasked", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, { trustedFolders: [realpathSync(box.cwd)] });
    const run = await runGong(httpAdd("project", "Authorization: Bearer ${DOCS_TOKEN}"), box);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('"Authorization": "Bearer ${DOCS_TOKEN}"');
    expect(run.stderr).toBe("");
    const written = JSON.parse(readFileSync(path.join(box.cwd, ".mcp.json"), "utf8"));
    expect(written.mcpServers.docs.headers).toEqual({
      Authorization: "Bearer ${DOCS_TOKEN}",
      "X-Team": "blue",
    });
  });
});

describe("gong mcp add --scope project in an untrusted folder (issue 35.10)", () => {
  it("says the server is skipped until the folder is trusted, and how to trust it", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const run = await runGong(
      ["mcp", "add", "--scope", "project", "fixture", "--", process.execPath, FIXTURE],
      box,
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Added MCP server "fixture"');
    expect(run.stderr).toBe(
      'gong: warning: this folder is not trusted: sessions here skip the servers of .mcp.json, "fixture" too, until you trust it; run gong --trust here to load them\n',
    );
  });

  it("in a trusted folder, or for the user's own settings, says nothing more", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const user = await runGong(["mcp", "add", "fixture", "--", process.execPath, FIXTURE], box);
    expect(user.code).toBe(0);
    expect(user.stderr).toBe("");
    writeSettings(box.gongHome, { trustedFolders: [realpathSync(box.cwd)] });
    const project = await runGong(
      ["mcp", "add", "--scope", "project", "fixture", "--", process.execPath, FIXTURE],
      box,
    );
    expect(project.code).toBe(0);
    expect(project.stderr).toBe("");
  });
});

describe("gong mcp — server names that are Object.prototype's own (issue 34.14)", () => {
  it("__proto__, constructor and toString can be added, listed, shown and removed", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const names = ["__proto__", "constructor", "toString"];
    for (const name of names) {
      const add = await runGong(["mcp", "add", name, "--", process.execPath, FIXTURE], box);
      expect(add.stderr, name).toBe("");
      expect(add.code, name).toBe(0);
    }
    const list = await runGong(["mcp", "list"], box);
    expect(list.code).toBe(0);
    for (const name of names) expect(list.stdout).toContain(`${name}: connected (14 tools)\n`);
    for (const name of names) {
      const get = await runGong(["mcp", "get", name], box);
      expect(get.code, name).toBe(0);
      expect(get.stdout).toContain(
        `${name}: connected (14 tools)\n  ${process.execPath} ${FIXTURE}\n`,
      );
    }
    for (const name of names) {
      const remove = await runGong(["mcp", "remove", name], box);
      expect(remove.code, name).toBe(0);
    }
    const empty = await runGong(["mcp", "list"], box);
    expect(empty.stdout).toContain("No MCP servers configured");
  });

  it("get and login of such a name when none is configured say so (not a stdio server, not a crash)", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    for (const name of ["constructor", "toString", "__proto__"]) {
      const get = await runGong(["mcp", "get", name], box);
      expect(get.code, name).toBe(1);
      expect(get.stderr).toBe(`gong: no MCP server named "${name}" (configured: none)\n`);
      const login = await runGong(["mcp", "login", name], box);
      expect(login.code, name).toBe(1);
      expect(login.stderr).toContain(`no MCP server named "${name}"`);
    }
  });
});
