/**
 * `.mcp.json` as Claude Code reads it (issue 38 item 5): keys an entry shape does not know
 * (`name`, `description`, …) are ignored with one note naming them instead of refusing
 * the entry; `headersHelper` runs its command for the remote server's headers, and a
 * helper that fails skips that server with a clear warning.
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { textResponse, toolCallResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { afterEach, describe, expect, it } from "vitest";
import { runGong, type Sandbox, sandbox, writeJson, writeSettings } from "./harness.js";

const mock = useMockLlmServer();

const fixture = (name: string) =>
  fileURLToPath(new URL(`../../../packages/mcp/test/fixtures/${name}`, import.meta.url));

const servers: ChildProcess[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.kill();
});

/** Starts the fixture that wants an `X-Team-Token` header; resolves with its MCP URL. */
function startHeaderServer(): Promise<string> {
  const child = spawn(process.execPath, [fixture("header-server.mjs")], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  servers.push(child);
  return new Promise((resolve, reject) => {
    child.stdout?.once("data", (chunk: Buffer) => resolve(JSON.parse(chunk.toString()).url));
    child.once("exit", (code) => reject(new Error(`header fixture exited ${code}`)));
  });
}

function trustedBox(): Sandbox {
  const box = sandbox(mock.anthropicBaseUrl);
  writeSettings(box.gongHome, { trustedFolders: [box.cwd] });
  return box;
}

function offeredTools(index: number): string[] {
  const body = mock.requests[index]?.body as { tools?: { name: string }[] } | undefined;
  return (body?.tools ?? []).map((tool) => tool.name);
}

describe("claude .mcp.json — keys gong does not know are ignored, with one note", () => {
  it("entries with name and description load; one line names the keys ignored", async () => {
    const box = trustedBox();
    const mcpJson = path.join(box.cwd, ".mcp.json");
    writeJson(mcpJson, {
      mcpServers: {
        fixture: {
          name: "Fixture server",
          description: "Echoes what it is given",
          command: process.execPath,
          args: [fixture("fixture-server.mjs")],
          env: {},
        },
      },
    });
    mock.enqueue(textResponse("ok"));
    const run = await runGong(["-p", "hi"], box, { timeoutMs: 120_000 });
    expect(run.code).toBe(0);
    expect(offeredTools(0)).toContain("mcp__fixture__echo");
    expect(run.stderr).toBe(
      `gong: warning: ${mcpJson}: MCP server keys gong does not use were ignored (fixture.name, fixture.description); the servers load without them\n`,
    );
  });
});

describe("claude .mcp.json — headersHelper", () => {
  it("the helper's JSON headers reach the remote server, whose tool then answers", async () => {
    const url = await startHeaderServer();
    const box = trustedBox();
    writeJson(path.join(box.cwd, ".mcp.json"), {
      mcpServers: {
        team: {
          type: "http",
          url,
          headersHelper: `echo '{"X-Team-Token": "t-42"}'`,
        },
      },
    });
    mock.enqueue([
      toolCallResponse([{ name: "mcp__team__team", arguments: {} }]),
      textResponse("done"),
    ]);
    const run = await runGong(["-p", "which team"], box, { timeoutMs: 120_000 });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(JSON.stringify(mock.requests[1]?.body)).toContain("team token t-42");
  });

  it("a helper that fails skips the server with a warning naming it; the run goes on", async () => {
    const url = await startHeaderServer();
    const box = trustedBox();
    writeJson(path.join(box.cwd, ".mcp.json"), {
      mcpServers: {
        team: { type: "http", url, headersHelper: "echo 'vault is sealed' >&2; exit 3" },
      },
    });
    mock.enqueue(textResponse("ok"));
    const run = await runGong(["-p", "hi"], box, { timeoutMs: 120_000 });
    expect(run.code).toBe(0);
    expect(offeredTools(0).some((name) => name.startsWith("mcp__team__"))).toBe(false);
    expect(run.stderr).toContain(
      "headersHelper `echo 'vault is sealed' >&2; exit 3` failed (vault is sealed); the server was skipped",
    );
  });
});
