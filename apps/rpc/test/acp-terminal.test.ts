import { methods } from "@agentclientprotocol/sdk";
import { textResponse, toolCallResponse } from "@gong/testing";
import { gongSandbox, useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { promptInNewSession, startPromptInNewSession, withAgent } from "./acp-client.js";
import { waitUntil } from "./harness.js";

const mock = useMockLlmServer();

describe("acp — bash runs in the editor's terminal when the client offers one", () => {
  it("terminal/create in the project, shown in the tool call, waited for and released; the model gets gong's envelope", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    mock.enqueue([
      toolCallResponse([
        {
          id: "toolu_b",
          name: "bash",
          arguments: { command: 'echo "in the editor: $EDITOR_TERMINAL"; exit 3' },
        },
      ]),
      textResponse("Ran it."),
    ]);
    const { result, code } = await promptInNewSession(box, "run it", {
      clientCapabilities: { terminal: true },
    });
    expect(code).toBe(0);
    const create = result.terminal.find((call) => call.method === "create");
    expect(create?.create).toMatchObject({ command: "bash", cwd: box.cwd });
    expect(create?.create?.args?.join(" ")).toContain("in the editor");
    const terminalId = create!.terminalId!;
    // The editor shows the live terminal in the call.
    expect(result.updates.map((n) => n.update)).toContainEqual(
      expect.objectContaining({
        sessionUpdate: "tool_call_update",
        toolCallId: "toolu_b",
        content: [{ type: "terminal", terminalId }],
      }),
    );
    const methodsUsed = result.terminal.map((call) => call.method);
    expect(methodsUsed).toContain("wait_for_exit");
    expect(methodsUsed.at(-1)).toBe("release");
    // The model reads gong's own result: the output and the exit code.
    const told = JSON.stringify(mock.requests[1]?.body);
    expect(told).toContain("in the editor: yes");
    expect(told).toContain("Command exited with code 3");
  });

  it("an output longer than the editor keeps: the model is told its start was dropped", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    mock.enqueue([
      toolCallResponse([
        { id: "toolu_b", name: "bash", arguments: { command: "yes | head -c 5000000; echo END" } },
      ]),
      textResponse("Long."),
    ]);
    const { result } = await promptInNewSession(box, "run it", {
      clientCapabilities: { terminal: true },
    });
    expect(result.terminal[0]?.create?.outputByteLimit).toBe(4 * 1024 * 1024);
    const told = JSON.stringify(mock.requests[1]?.body);
    expect(told).toContain("END");
    expect(told).toContain("the editor's terminal dropped the start of this output");
  });

  it("session/cancel kills the command in the editor's terminal (terminal/kill) and ends the prompt cancelled", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    mock.enqueue([
      toolCallResponse([{ id: "toolu_s", name: "bash", arguments: { command: "sleep 30" } }]),
      textResponse("never asked for"),
    ]);
    const { result } = await withAgent(
      box,
      async (agent, run) => {
        const { sessionId, prompting } = await startPromptInNewSession(agent, box.cwd, "wait");
        await waitUntil(() => run.terminal.some((call) => call.method === "create"));
        const cancelledAt = Date.now();
        await agent.notify(methods.agent.session.cancel, { sessionId });
        const response = await prompting;
        return { response, seconds: (Date.now() - cancelledAt) / 1000, run };
      },
      { clientCapabilities: { terminal: true } },
    );
    expect(result.response.stopReason).toBe("cancelled");
    expect(result.seconds).toBeLessThan(25); // well below the sleep's 30 s
    const methodsUsed = result.run.terminal.map((call) => call.method);
    expect(methodsUsed).toContain("kill");
    expect(methodsUsed.at(-1)).toBe("release");
  });

  it("without the capability, bash runs locally as before", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    mock.enqueue([
      toolCallResponse([
        {
          id: "toolu_b",
          name: "bash",
          // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell expansion, not a template
          arguments: { command: 'echo "local: ${EDITOR_TERMINAL:-no}"' },
        },
      ]),
      textResponse("Ran it."),
    ]);
    const { result } = await promptInNewSession(box, "run it");
    expect(result.terminal).toEqual([]);
    expect(JSON.stringify(mock.requests[1]?.body)).toContain("local: no");
  });
});
