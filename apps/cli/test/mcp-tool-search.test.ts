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

/** The tool names offered in the model request `index`. */
function offeredTools(index: number): string[] {
  const body = mock.requests[index]?.body as { tools?: { name: string }[] };
  return (body.tools ?? []).map((tool) => tool.name);
}

describe("mcp tool search — a hundred MCP tools never crowd the context window", () => {
  it("the model gets mcp_tool_search instead; the tools it finds are callable from the next turn", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    // A 128K-token window: the fixture's 100 tools take ~22K tokens, over the 10 % share.
    writeJson(path.join(box.gongHome, "models.json"), {
      providers: {
        mid: {
          baseUrl: mock.anthropicBaseUrl,
          api: "anthropic-messages",
          apiKey: "mid-key",
          models: [{ id: "mid-1", contextWindow: 128_000, maxTokens: 4000 }],
        },
      },
    });
    const config = path.join(box.home, "servers.json");
    writeJson(config, {
      mcpServers: {
        gh: { command: process.execPath, args: [FIXTURE], env: { FIXTURE_MANY_TOOLS: "1" } },
      },
    });
    const create = { owner: "me", repo: "gong", title: "Tool search" };
    mock.enqueue([
      toolCallResponse([
        { id: "toolu_1", name: "mcp_tool_search", arguments: { query: "create issue" } },
      ]),
      toolCallResponse([{ id: "toolu_2", name: "mcp__gh__create_issue", arguments: create }]),
      textResponse("filed"),
    ]);
    const run = await runGong(
      ["--model", "mid/mid-1", "--mcp-config", config, "--mode", "json", "file an issue"],
      box,
    );
    expect(run.code).toBe(0);
    const first = offeredTools(0);
    expect(first).toContain("mcp_tool_search");
    expect(first.filter((name) => name.startsWith("mcp__"))).toEqual([]);
    const found = jsonLines(run.stdout).find((e) => e.type === "tool_execution_end") as {
      result: { text: string };
    };
    expect(found.result.text).toContain("## mcp__gh__create_issue");
    expect(offeredTools(1)).toContain("mcp__gh__create_issue");
    expect(JSON.stringify(mock.requests[2]?.body)).toContain(
      `create_issue ${JSON.stringify(create).replaceAll('"', '\\"')}`,
    );
  });
});
