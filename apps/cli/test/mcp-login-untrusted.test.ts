import path from "node:path";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { runGong, sandbox, writeJson } from "./harness.js";

const mock = useMockLlmServer();

describe("mcp — gong mcp login/logout of a server in an untrusted folder's .mcp.json", () => {
  it("says the folder is not trusted and names --trust, not only 'configured: none'", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeJson(path.join(box.cwd, ".mcp.json"), {
      mcpServers: { docs: { type: "http", url: "http://127.0.0.1:9/mcp" } },
    });
    for (const verb of ["login", "logout"]) {
      const run = await runGong(["mcp", verb, "docs"], box);
      expect(run.code).toBe(1);
      expect(run.stderr).toBe(
        'gong: no MCP server named "docs" (configured: none): this folder is not trusted: skipped MCP server docs from .mcp.json; run gong --trust here to load them\n',
      );
    }
  });
});
