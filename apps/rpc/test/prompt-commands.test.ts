import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { textResponse } from "@gong/testing";
import { gongSandbox, useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { RpcProcess, writeJson } from "./harness.js";

const mock = useMockLlmServer();

const EVERYTHING = fileURLToPath(
  new URL(
    "../../../packages/mcp/node_modules/@modelcontextprotocol/server-everything/dist/index.js",
    import.meta.url,
  ),
);

const lastUserText = (index: number): string => {
  const body = mock.requests[index]?.body as { messages: { role: string; content: unknown }[] };
  return JSON.stringify(body.messages.filter((m) => m.role === "user").at(-1)?.content);
};

describe("gong-rpc — prompt runs prompt commands", () => {
  it("a prompt of /name args reaches the model expanded; get_commands lists the command", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    const file = path.join(box.cwd, ".claude", "commands", "fix.md");
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(
      file,
      "---\ndescription: Fix an issue\nargument-hint: <issue>\n---\nFIX-MARKER issue #$1\n",
    );
    mock.enqueue(textResponse("fixed"));
    const rpc = RpcProcess.start(box);
    expect(await rpc.request({ type: "get_commands" })).toMatchObject({
      success: true,
      data: {
        commands: [
          { name: "fix", description: "Fix an issue", argumentHint: "<issue>", source: "project" },
        ],
      },
    });
    await rpc.request({ type: "prompt", message: "/fix 123" });
    expect(await rpc.waitFor((l) => l.type === "run_end")).toMatchObject({ ok: true });
    expect(lastUserText(0)).toContain("FIX-MARKER issue #123");
    expect(await rpc.end()).toBe(0);
  });

  it("an MCP server's prompt runs as /mcp__<server>__<prompt>: words fill its arguments in order, extra words the last", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    writeJson(path.join(box.gongHome, "settings.json"), {
      mcpServers: { everything: { command: process.execPath, args: [EVERYTHING, "stdio"] } },
    });
    mock.enqueue(textResponse("sunny"));
    const rpc = RpcProcess.start(box);
    const listed = await rpc.request({ type: "get_commands" });
    expect((listed.data as { commands: unknown[] }).commands).toContainEqual({
      name: "mcp__everything__args-prompt",
      description: "A prompt with two arguments, one required and one optional",
      argumentHint: "<city> [state]",
      source: "mcp",
    });
    await rpc.request({ type: "prompt", message: "/mcp__everything__args-prompt" });
    expect(await rpc.waitFor((l) => l.type === "run_end")).toMatchObject({
      ok: false,
      errorMessage:
        "/mcp__everything__args-prompt needs city: type /mcp__everything__args-prompt <city> [state]",
    });
    expect(mock.requests).toHaveLength(0);
    await rpc.request({
      type: "prompt",
      message: "/mcp__everything__args-prompt Paris Ile de France",
    });
    await rpc.waitFor((l) => l.type === "run_end" && l.ok === true);
    expect(lastUserText(0)).toContain("What's weather in Paris, Ile de France?");
    expect(await rpc.end()).toBe(0);
  });
});
