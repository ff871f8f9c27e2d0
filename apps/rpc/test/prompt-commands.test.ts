import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { methods } from "@agentclientprotocol/sdk";
import { textResponse } from "@gong/testing";
import { gongSandbox, useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { withAgent } from "./acp-client.js";
import { RpcProcess, waitUntil, writeJson } from "./harness.js";

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

describe("gong-rpc --acp — the editor sees the prompt commands", () => {
  it("available_commands_update follows session/new and session/load; a prompt of /name args runs the command", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    const file = path.join(box.cwd, ".gong", "commands", "explain.md");
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, "---\nargument-hint: <topic>\n---\nEXPLAIN-MARKER $ARGUMENTS\n");
    mock.enqueue(textResponse("explained"));
    const expected = {
      sessionUpdate: "available_commands_update",
      availableCommands: [
        { name: "explain", description: "EXPLAIN-MARKER $ARGUMENTS", input: { hint: "<topic>" } },
        expect.objectContaining({ name: "bashes" }),
      ],
    };
    const announced = (updates: { update: { sessionUpdate: string } }[]) =>
      updates.filter((u) => u.update.sessionUpdate === "available_commands_update");
    const first = await withAgent(box, async (agent, run) => {
      const { sessionId } = await agent.request(methods.agent.session.new, {
        cwd: box.cwd,
        mcpServers: [],
      });
      await waitUntil(() => announced(run.updates).length === 1);
      expect(announced(run.updates)[0]).toMatchObject({ sessionId, update: expected });
      const answer = await agent.request(methods.agent.session.prompt, {
        sessionId,
        prompt: [{ type: "text", text: "/explain closures" }],
      });
      expect(answer).toMatchObject({ stopReason: "end_turn" });
      expect(lastUserText(0)).toContain("EXPLAIN-MARKER closures");
      return sessionId;
    });
    expect(first.code).toBe(0);
    const sessionId = first.result;
    const { code } = await withAgent(box, async (agent, run) => {
      await agent.request(methods.agent.session.load, { sessionId, cwd: box.cwd, mcpServers: [] });
      await waitUntil(() => announced(run.updates).length === 1);
      expect(announced(run.updates)[0]).toMatchObject({ sessionId, update: expected });
    });
    expect(code).toBe(0);
  });
});
