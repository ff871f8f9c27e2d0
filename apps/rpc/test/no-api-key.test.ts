import { methods } from "@agentclientprotocol/sdk";
import { gongSandbox, useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { withAgent } from "./acp-client.js";
import { RpcProcess } from "./harness.js";

const mock = useMockLlmServer();

/** A sandbox with no provider key anywhere: an editor's user who has not picked one yet. */
function keyless() {
  const box = gongSandbox(mock.anthropicBaseUrl);
  delete box.env.ANTHROPIC_API_KEY;
  return box;
}

describe("gong-rpc without an API key — it starts, so the editor can let the user pick a provider (issue 34.15)", () => {
  it("JSON lines: get_state and get_available_models answer; a prompt fails with the missing-key message", async () => {
    const rpc = RpcProcess.start(keyless());
    await rpc.waitFor((line) => line.type === "session");
    const state = await rpc.request({ type: "get_state" });
    expect(state).toMatchObject({ success: true, data: { model: { provider: "anthropic" } } });
    const models = await rpc.request({ type: "get_available_models" });
    expect(models).toMatchObject({ success: true });
    expect(JSON.stringify(models.data)).toContain("anthropic");

    const prompt = await rpc.request({ type: "prompt", message: "hi" });
    expect(prompt).toMatchObject({ success: true });
    const end = await rpc.waitFor((line) => line.type === "run_end");
    expect(end).toMatchObject({ ok: false });
    expect(String(end.errorMessage)).toContain("ANTHROPIC_API_KEY");
    expect(mock.requests).toHaveLength(0);
    expect(await rpc.end()).toBe(0);
  });

  it("ACP: session/new opens, and session/prompt ends with the missing-key message", async () => {
    const box = keyless();
    const { result, code } = await withAgent(box, async (agent) => {
      const { sessionId } = await agent.request(methods.agent.session.new, {
        cwd: box.cwd,
        mcpServers: [],
      });
      return agent
        .request(methods.agent.session.prompt, {
          sessionId,
          prompt: [{ type: "text", text: "hi" }],
        })
        .then(
          (answer) => ({ answer, error: undefined }),
          (error: Error & { data?: unknown }) => ({
            answer: undefined,
            error: `${error.message} ${JSON.stringify(error.data ?? "")}`,
          }),
        );
    });
    expect(code).toBe(0);
    expect(result.error ?? "").toContain("ANTHROPIC_API_KEY");
    expect(mock.requests).toHaveLength(0);
  });
});
