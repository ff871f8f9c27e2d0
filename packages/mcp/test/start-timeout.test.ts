import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";

const FIXTURE = fileURLToPath(new URL("./fixtures/fixture-server.mjs", import.meta.url));

/** The package as loaded in a process whose environment has `MCP_TIMEOUT` = `value`. */
async function loadWith(value: string | undefined) {
  vi.resetModules();
  vi.stubEnv("MCP_TIMEOUT", value);
  return import("../src/index.ts");
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("mcp — MCP_TIMEOUT (Claude Code's variable) bounds a server's start", () => {
  it("a positive number of ms replaces the 30 s; anything else keeps it", async () => {
    expect((await loadWith(undefined)).START_TIMEOUT_MS).toBe(30_000);
    expect((await loadWith("240000")).START_TIMEOUT_MS).toBe(240_000);
    for (const wrong of ["", "soon", "0", "-5"]) {
      expect((await loadWith(wrong)).START_TIMEOUT_MS, wrong).toBe(30_000);
    }
  });

  it("a server that does not start within MCP_TIMEOUT fails with a warning", async () => {
    const { McpServers } = await loadWith("300");
    const never = path.join(mkdtempSync(path.join(tmpdir(), "gong-mcp-timeout-")), "never");
    const warnings: string[] = [];
    const mcp = new McpServers({
      servers: {
        late: { command: process.execPath, args: [FIXTURE], env: { FIXTURE_START_WHEN: never } },
      },
      env: process.env,
      cwd: process.cwd(),
      warn: (line) => warnings.push(line),
    });
    try {
      // Far beyond the 300 ms; the 30 s default would still be waiting.
      await mcp.ready(20_000);
      expect(mcp.statuses()[0]?.status).toBe("failed");
      expect(warnings[0]).toMatch(/MCP server "late" failed to start: /);
    } finally {
      await mcp.close();
    }
  });
});
