import path from "node:path";
import { fileURLToPath } from "node:url";
import { textResponse, toolCallResponse } from "@gong/testing";
import { gongSandbox, useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { RpcProcess, writeJson } from "./harness.js";

const mock = useMockLlmServer();

const FIXTURE = fileURLToPath(
  new URL("../../../packages/mcp/test/fixtures/fixture-server.mjs", import.meta.url),
);

describe("gong-rpc — an MCP server's elicitation is asked through extension_ui_request", () => {
  it("each form field is an ask_user question; the client's answers reach the server typed", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    writeJson(path.join(box.gongHome, "settings.json"), {
      mcpServers: { fixture: { command: process.execPath, args: [FIXTURE] } },
    });
    mock.enqueue([
      toolCallResponse([{ id: "toolu_1", name: "mcp__fixture__ask", arguments: {} }]),
      textResponse("done"),
    ]);
    const rpc = RpcProcess.start(box);
    await rpc.request({ type: "prompt", message: "ask me" });
    const ask = await rpc.waitFor((l) => l.type === "extension_ui_request");
    const questions = ask.questions as { question: string; header: string }[];
    expect(ask.method).toBe("ask_user");
    expect(questions.map((q) => q.header)).toEqual(["Name", "Count"]);
    expect(questions[0]?.question).toContain('MCP server "fixture" asks: Who is asking?');
    const [name, count] = questions.map((q) => q.question);
    await rpc.request({
      type: "extension_ui_response",
      requestId: ask.id,
      answers: { [name as string]: "Ada", [count as string]: "7" },
    });
    const end = await rpc.waitFor((l) => l.type === "tool_execution_end");
    expect((end.result as { text: string }).text).toBe('accept {"name":"Ada","count":7}');
    await rpc.waitFor((l) => l.type === "run_end");
    expect(await rpc.end()).toBe(0);
  });
});
