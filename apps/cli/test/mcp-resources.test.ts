import path from "node:path";
import { fileURLToPath } from "node:url";
import { textResponse, toolCallResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { jsonLines, runGong, sandbox, writeJson } from "./harness.js";

const mock = useMockLlmServer();

const EVERYTHING = fileURLToPath(
  new URL(
    "../../../packages/mcp/node_modules/@modelcontextprotocol/server-everything/dist/index.js",
    import.meta.url,
  ),
);

describe("mcp resources — a server that offers resources gives the model resource tools", () => {
  it("server-everything: list_mcp_resources and read_mcp_resource are offered and read a document", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const config = path.join(box.home, "servers.json");
    writeJson(config, {
      mcpServers: { everything: { command: process.execPath, args: [EVERYTHING, "stdio"] } },
    });
    const uri = "demo://resource/static/document/architecture.md";
    mock.enqueue([
      toolCallResponse([
        { id: "toolu_1", name: "read_mcp_resource", arguments: { server: "everything", uri } },
      ]),
      textResponse("read"),
    ]);
    const run = await runGong(["--mcp-config", config, "--mode", "json", "read the doc"], box);
    expect(run.code).toBe(0);
    const body = mock.requests[0]?.body as { tools: { name: string }[] };
    const offered = body.tools.map((t) => t.name);
    expect(offered).toEqual(expect.arrayContaining(["list_mcp_resources", "read_mcp_resource"]));
    const end = jsonLines(run.stdout).find((e) => e.type === "tool_execution_end") as {
      result: { status: string; text: string };
    };
    expect(end.result.status).toBe("success");
    expect(end.result.text).toMatch(/^# Everything Server – Architecture/);
  });
});
