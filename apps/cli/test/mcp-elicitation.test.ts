import path from "node:path";
import { fileURLToPath } from "node:url";
import { textResponse, toolCallResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { jsonLines, runGong, sandbox, writeJson } from "./harness.js";

const mock = useMockLlmServer();

const FIXTURE = fileURLToPath(
  new URL("../../../packages/mcp/test/fixtures/fixture-server.mjs", import.meta.url),
);

/** The model calls the fixture's `ask`, which elicits {name (default gong), count (default 3)}. */
async function askRun(flags: string[]): Promise<string> {
  const box = sandbox(mock.anthropicBaseUrl);
  const config = path.join(box.home, "servers.json");
  writeJson(config, { mcpServers: { fixture: { command: process.execPath, args: [FIXTURE] } } });
  mock.enqueue([
    toolCallResponse([{ id: "toolu_1", name: "mcp__fixture__ask", arguments: {} }]),
    textResponse("done"),
  ]);
  const run = await runGong(["--mcp-config", config, "--mode", "json", ...flags, "ask"], box);
  expect(run.code).toBe(0);
  const end = jsonLines(run.stdout).find((e) => e.type === "tool_execution_end") as {
    result: { text: string };
  };
  return end.result.text;
}

describe("mcp elicitation — nobody can answer in print/json mode", () => {
  it("the server's form is declined without --yes", async () => {
    expect(await askRun([])).toBe("decline {}");
  });

  it("--yes accepts the form with the schema's defaults", async () => {
    expect(await askRun(["--yes"])).toBe('accept {"name":"gong","count":3}');
  });
});
