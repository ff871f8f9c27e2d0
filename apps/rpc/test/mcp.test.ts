import { existsSync, readFileSync } from "node:fs";
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

describe("gong-rpc — MCP servers of the settings offer their tools", () => {
  it("the model's call to mcp__fixture__echo is answered, and the server ends with gong-rpc", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    const mark = path.join(box.home, "fixture.pids");
    writeJson(path.join(box.gongHome, "settings.json"), {
      mcpServers: {
        fixture: { command: process.execPath, args: [FIXTURE], env: { FIXTURE_MARK: mark } },
      },
    });
    mock.enqueue([
      toolCallResponse([{ id: "toolu_1", name: "mcp__fixture__echo", arguments: { text: "rpc" } }]),
      textResponse("done"),
    ]);
    const rpc = RpcProcess.start(box);
    await rpc.request({ type: "prompt", message: "echo" });
    const end = await rpc.waitFor((l) => l.type === "tool_execution_end");
    expect((end.result as { text: string }).text).toBe("echo: rpc");
    await rpc.waitFor((l) => l.type === "run_end");
    expect(await rpc.end()).toBe(0);
    expect(existsSync(mark)).toBe(true);
    const pid = Number(readFileSync(mark, "utf8").trim());
    expect(() => process.kill(pid, 0)).toThrow();
  });
});

describe("gong-rpc — get_state lists the session's MCP servers", () => {
  it("each server's name, status, tool count and the error of one that failed", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    writeJson(path.join(box.gongHome, "settings.json"), {
      mcpServers: {
        fixture: { command: process.execPath, args: [FIXTURE], includeTools: ["echo"] },
        broken: { command: path.join(box.home, "no-such-server") },
        off: { command: process.execPath, args: [FIXTURE], disabled: true },
      },
    });
    const rpc = RpcProcess.start(box);
    const state = await rpc.request({ type: "get_state" });
    const servers = (state.data as { mcpServers: { name: string }[] }).mcpServers;
    expect([...servers].sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: "broken", status: "failed", tools: 0, error: expect.any(String) },
      { name: "fixture", status: "connected", tools: 1 },
      { name: "off", status: "disabled", tools: 0 },
    ]);
    expect(await rpc.end()).toBe(0);
  });

  it("is an empty list when no server is configured", async () => {
    const rpc = RpcProcess.start(gongSandbox(mock.anthropicBaseUrl));
    const state = await rpc.request({ type: "get_state" });
    expect((state.data as { mcpServers: unknown }).mcpServers).toEqual([]);
    expect(await rpc.end()).toBe(0);
  });
});
