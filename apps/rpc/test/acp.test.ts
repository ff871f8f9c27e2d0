import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { methods } from "@agentclientprotocol/sdk";
import { textResponse, toolCallResponse } from "@gong/testing";
import { gongSandbox, useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { type AcpRun, promptInNewSession, withAgent } from "./acp-client.js";

const mock = useMockLlmServer();

const kinds = (run: AcpRun) => run.updates.map((n) => n.update.sessionUpdate);

describe("gong-rpc --acp — driven by the SDK's client", () => {
  it("new session → prompt that edits a file: permission asked, updates streamed with the diff, file changed", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    writeFileSync(path.join(box.cwd, "greet.txt"), "hello world\n");
    mock.enqueue([
      toolCallResponse([{ id: "toolu_read", name: "read", arguments: { path: "greet.txt" } }]),
      toolCallResponse([
        {
          id: "toolu_edit",
          name: "edit",
          arguments: { path: "greet.txt", oldText: "world", newText: "editor" },
        },
      ]),
      textResponse("Changed the greeting."),
    ]);
    const { result, code } = await withAgent(box, async (agent, run) => {
      const { sessionId, modes } = await agent.request(methods.agent.session.new, {
        cwd: box.cwd,
        mcpServers: [],
      });
      expect(modes?.currentModeId).toBe("ask");
      const response = await agent.request(methods.agent.session.prompt, {
        sessionId,
        prompt: [{ type: "text", text: "say hello to the editor" }],
      });
      return { response, run };
    });
    expect(code).toBe(0);
    expect(result.response.stopReason).toBe("end_turn");
    expect(readFileSync(path.join(box.cwd, "greet.txt"), "utf8")).toBe("hello editor\n");
    // Only the edit was gated; reading needs no permission.
    expect(result.run.permissions).toHaveLength(1);
    expect(result.run.permissions[0]!.toolCall).toMatchObject({
      kind: "edit",
      content: [
        {
          type: "diff",
          path: path.join(box.cwd, "greet.txt"),
          oldText: "world",
          newText: "editor",
        },
      ],
    });
    const updates = result.run.updates.map((n) => n.update);
    expect(updates).toContainEqual(
      expect.objectContaining({
        sessionUpdate: "tool_call",
        toolCallId: "toolu_read",
        kind: "read",
        status: "in_progress",
        locations: [{ path: path.join(box.cwd, "greet.txt") }],
      }),
    );
    expect(updates).toContainEqual(
      expect.objectContaining({
        sessionUpdate: "tool_call_update",
        toolCallId: "toolu_edit",
        status: "completed",
        content: expect.arrayContaining([
          {
            type: "diff",
            path: path.join(box.cwd, "greet.txt"),
            oldText: "world",
            newText: "editor",
          },
        ]),
      }),
    );
    const text = updates
      .filter((u) => u.sessionUpdate === "agent_message_chunk")
      .map((u) => (u as { content: { text: string } }).content.text)
      .join("");
    expect(text).toBe("Changed the greeting.");
    expect(kinds(result.run).indexOf("tool_call")).toBeLessThan(
      kinds(result.run).lastIndexOf("agent_message_chunk"),
    );
  });

  it("a rejected permission leaves the file alone and tells the model", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    mock.enqueue([
      toolCallResponse([
        { id: "toolu_w", name: "write", arguments: { path: "new.txt", content: "x" } },
      ]),
      textResponse("Understood."),
    ]);
    const { result } = await promptInNewSession(box, "write it", { answer: () => "reject_once" });
    expect(result.permissions).toHaveLength(1);
    const told = JSON.stringify(mock.requests[1]?.body);
    expect(told).toContain("the user denied this call: ask mode asks before changing files");
    // Not gong's internal name for the gate.
    expect(told).not.toContain("acp-permissions");
    expect(told).not.toContain("Blocked by hook");
    expect(result.updates.map((n) => n.update)).toContainEqual(
      expect.objectContaining({
        sessionUpdate: "tool_call_update",
        toolCallId: "toolu_w",
        status: "failed",
      }),
    );
  });

  it("a call that needs permission is pending until the user allows it, then in progress", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    mock.enqueue([
      toolCallResponse([
        { id: "toolu_w", name: "write", arguments: { path: "new.txt", content: "x" } },
      ]),
      textResponse("Written."),
    ]);
    let seen: AcpRun | undefined;
    const statuses = () =>
      (seen?.updates ?? [])
        .map((n) => n.update as { toolCallId?: string; status?: string })
        .filter((u) => u.toolCallId === "toolu_w")
        .map((u) => u.status);
    let whenAsked: unknown[] = [];
    await withAgent(
      box,
      async (agent, run) => {
        seen = run;
        const { sessionId } = await agent.request(methods.agent.session.new, {
          cwd: box.cwd,
          mcpServers: [],
        });
        await agent.request(methods.agent.session.prompt, {
          sessionId,
          prompt: [{ type: "text", text: "write it" }],
        });
      },
      {
        answer: () => {
          whenAsked = statuses();
          return "allow_once";
        },
      },
    );
    expect(whenAsked).toEqual(["pending"]);
    expect(statuses()).toEqual(["pending", "in_progress", "completed"]);
  });

  it("a hook's ask becomes one permission request for that call, not two", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    writeFileSync(
      path.join(box.gongHome, "ask.sh"),
      `echo '{"hookSpecificOutput":{"permissionDecision":"ask","permissionDecisionReason":"runs a command"}}'\n`,
    );
    writeFileSync(
      path.join(box.gongHome, "settings.json"),
      JSON.stringify({
        hooks: {
          PreToolUse: [
            {
              matcher: "Bash",
              hooks: [{ type: "command", command: `sh ${path.join(box.gongHome, "ask.sh")}` }],
            },
          ],
        },
      }),
    );
    mock.enqueue([
      toolCallResponse([{ id: "toolu_b", name: "bash", arguments: { command: "touch made.txt" } }]),
      textResponse("Made it."),
    ]);
    const { result } = await promptInNewSession(box, "make it");
    expect(result.permissions).toHaveLength(1);
    expect(result.permissions[0]!.toolCall).toMatchObject({
      toolCallId: "toolu_b",
      kind: "execute",
      title: expect.stringContaining("runs a command"),
    });
    expect(existsSync(path.join(box.cwd, "made.txt"))).toBe(true);
  });

  it("session/cancel mid-run ends the prompt with stopReason cancelled", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    mock.enqueue([textResponse("a very long answer that never ends", { stallAfterEvents: 4 })]);
    const { result } = await withAgent(box, async (agent, run) => {
      const { sessionId } = await agent.request(methods.agent.session.new, {
        cwd: box.cwd,
        mcpServers: [],
      });
      const prompting = agent.request(methods.agent.session.prompt, {
        sessionId,
        prompt: [{ type: "text", text: "go" }],
      });
      while (!run.updates.some((n) => n.update.sessionUpdate === "agent_message_chunk"))
        await new Promise((resolve) => setTimeout(resolve, 20));
      await agent.notify(methods.agent.session.cancel, { sessionId });
      return prompting;
    });
    expect(result.stopReason).toBe("cancelled");
  });

  it("session/load replays a previous session's history as updates", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    mock.enqueue([
      toolCallResponse([{ id: "toolu_ls", name: "ls", arguments: {} }]),
      textResponse("The folder is empty."),
    ]);
    const first = await withAgent(box, async (agent) => {
      const { sessionId } = await agent.request(methods.agent.session.new, {
        cwd: box.cwd,
        mcpServers: [],
      });
      await agent.request(methods.agent.session.prompt, {
        sessionId,
        prompt: [{ type: "text", text: "what is here?" }],
      });
      return sessionId;
    });
    const sessionId = first.result;
    const { result } = await withAgent(box, async (agent, run) => {
      await agent.request(methods.agent.session.load, { sessionId, cwd: box.cwd, mcpServers: [] });
      return run;
    });
    expect(result.updates.every((n) => n.sessionId === sessionId)).toBe(true);
    // The replayed history; the session's command list (/bashes) is announced beside it.
    const replayed = result.updates
      .map((n) => n.update)
      .filter((update) => update.sessionUpdate !== "available_commands_update");
    expect(replayed).toEqual([
      { sessionUpdate: "user_message_chunk", content: { type: "text", text: "what is here?" } },
      expect.objectContaining({
        sessionUpdate: "tool_call",
        toolCallId: "toolu_ls",
        kind: "search",
        status: "completed",
      }),
      {
        sessionUpdate: "agent_message_chunk",
        content: { type: "text", text: "The folder is empty." },
      },
    ]);
    const missing = await withAgent(box, (agent) =>
      agent
        .request(methods.agent.session.load, {
          sessionId: "ffffffff-none",
          cwd: box.cwd,
          mcpServers: [],
        })
        .then(
          () => "loaded",
          (error: Error) => error.message,
        ),
    );
    expect(missing.result).not.toBe("loaded");
  });
});
