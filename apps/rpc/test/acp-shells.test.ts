/**
 * Background shells over ACP (issue 42 item 1): the editor sees the bash call that starts
 * one (its shell id and command), bash_output and kill_shell as tool calls, `/bashes`
 * lists and kills them through the session's own shells, and a shell that ends on its
 * own gets a one-line agent message. A background shell runs as a local process even
 * when the editor offers its terminal.
 */
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  type ClientContext,
  methods,
  type SessionNotification,
  type SessionUpdate,
} from "@agentclientprotocol/sdk";
import { HANG_GUARD_MS, textResponse, toolCallResponse } from "@gong/testing";
import { gongSandbox, useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { withAgent } from "./acp-client.js";
import { waitUntil } from "./harness.js";

const mock = useMockLlmServer();

type Update = SessionUpdate;

function updatesOf(notifications: SessionNotification[]): Update[] {
  return notifications.map((n) => n.update);
}

/** Every text the tool call `id` showed in its content, joined. */
function callText(notifications: SessionNotification[], id: string): string {
  return updatesOf(notifications)
    .flatMap((u) =>
      (u.sessionUpdate === "tool_call" || u.sessionUpdate === "tool_call_update") &&
      u.toolCallId === id
        ? (u.content ?? [])
        : [],
    )
    .flatMap((c) => (c.type === "content" && c.content.type === "text" ? [c.content.text] : []))
    .join("\n");
}

/** The agent's message text sent since update number `from`. */
function agentText(notifications: SessionNotification[], from = 0): string {
  return updatesOf(notifications.slice(from))
    .flatMap((u) =>
      u.sessionUpdate === "agent_message_chunk" && u.content.type === "text"
        ? [u.content.text]
        : [],
    )
    .join("");
}

async function prompt(agent: ClientContext, sessionId: string, text: string) {
  return agent.request(methods.agent.session.prompt, {
    sessionId,
    prompt: [{ type: "text", text }],
  });
}

async function newSession(agent: ClientContext, cwd: string): Promise<string> {
  const { sessionId } = await agent.request(methods.agent.session.new, { cwd, mcpServers: [] });
  return sessionId;
}

/** Sends `/bashes` until its answer holds `wanted`; returns that answer. */
async function bashesUntil(
  agent: ClientContext,
  sessionId: string,
  notifications: SessionNotification[],
  wanted: string,
): Promise<string> {
  let answer = "";
  await waitUntilAsync(async () => {
    const from = notifications.length;
    const response = await prompt(agent, sessionId, "/bashes");
    expect(response).toMatchObject({ stopReason: "end_turn" });
    answer = agentText(notifications, from);
    return answer.includes(wanted);
  });
  return answer;
}

/** Polls the async `condition` until it holds (the hang guard ends a test that never gets there). */
async function waitUntilAsync(condition: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + HANG_GUARD_MS;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe("acp — background shells", () => {
  it("the starting bash call shows the shell id and command; bash_output and kill_shell are tool calls; no editor terminal is used", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    mock.enqueue([
      toolCallResponse([
        {
          id: "toolu_bg",
          name: "bash",
          arguments: { command: "echo ready; sleep 300", run_in_background: true },
        },
      ]),
      toolCallResponse([
        { id: "toolu_out", name: "bash_output", arguments: { shell_id: "bash_1" } },
      ]),
      toolCallResponse([
        { id: "toolu_kill", name: "kill_shell", arguments: { shell_id: "bash_1" } },
      ]),
      textResponse("Done."),
    ]);
    const { result, code } = await withAgent(
      box,
      async (agent, run) => {
        const sessionId = await newSession(agent, box.cwd);
        expect(await prompt(agent, sessionId, "start it")).toMatchObject({
          stopReason: "end_turn",
        });
        return run;
      },
      { clientCapabilities: { terminal: true } },
    );
    expect(code).toBe(0);
    const updates = updatesOf(result.updates);
    expect(updates).toContainEqual(
      expect.objectContaining({
        sessionUpdate: "tool_call",
        toolCallId: "toolu_bg",
        title: "bash (background) echo ready; sleep 300",
        kind: "execute",
      }),
    );
    const started = callText(result.updates, "toolu_bg");
    expect(started).toContain("Background shell bash_1: echo ready; sleep 300");
    expect(started).toContain("shell_id: bash_1");
    expect(updates).toContainEqual(
      expect.objectContaining({
        sessionUpdate: "tool_call",
        toolCallId: "toolu_out",
        title: "bash_output bash_1",
      }),
    );
    expect(callText(result.updates, "toolu_out")).toMatch(/bash_1/);
    expect(updates).toContainEqual(
      expect.objectContaining({
        sessionUpdate: "tool_call",
        toolCallId: "toolu_kill",
        title: "kill_shell bash_1",
      }),
    );
    expect(callText(result.updates, "toolu_kill")).toContain(
      "Killed shell bash_1 (echo ready; sleep 300).",
    );
    // The background shell ran as a local process: the editor's terminal was not asked.
    expect(result.terminal).toEqual([]);
  });

  it("/bashes is an available command; it lists each shell with its last lines, and /bashes kill <id> kills one so the model is told", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    mock.enqueue([
      toolCallResponse([
        {
          id: "toolu_bg",
          name: "bash",
          arguments: { command: "echo ready; sleep 300", run_in_background: true },
        },
      ]),
      textResponse("Started."),
    ]);
    const { code } = await withAgent(box, async (agent, run) => {
      const sessionId = await newSession(agent, box.cwd);
      await waitUntil(() =>
        updatesOf(run.updates).some((u) => u.sessionUpdate === "available_commands_update"),
      );
      const commands = updatesOf(run.updates).find(
        (u) => u.sessionUpdate === "available_commands_update",
      );
      expect(commands).toMatchObject({
        availableCommands: [expect.objectContaining({ name: "bashes" })],
      });
      const none = run.updates.length;
      await prompt(agent, sessionId, "/bashes");
      expect(agentText(run.updates, none)).toContain("No background shells");
      await prompt(agent, sessionId, "start it");
      const listed = await bashesUntil(agent, sessionId, run.updates, "ready");
      expect(listed).toContain("bash_1 · running · echo ready; sleep 300");
      expect(listed).toContain("  ready");
      const unknown = run.updates.length;
      await prompt(agent, sessionId, "/bashes kill bash_9");
      expect(agentText(run.updates, unknown)).toContain("No background shell bash_9");
      const killing = run.updates.length;
      await prompt(agent, sessionId, "/bashes kill bash_1");
      expect(agentText(run.updates, killing)).toContain(
        "Killed bash_1 (echo ready; sleep 300); the agent is told at its next turn.",
      );
      // The slash commands never reached the model.
      expect(mock.requests).toHaveLength(2);
      mock.enqueue(textResponse("Noted."));
      await prompt(agent, sessionId, "what now");
      expect(JSON.stringify(mock.requests[2]!.body)).toContain(
        "Background shell bash_1 (echo ready; sleep 300) was killed by the user",
      );
    });
    expect(code).toBe(0);
  });

  it("a shell that ends on its own gets a one-line agent message", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    const flag = path.join(box.cwd, "go");
    const command = "while [ ! -f go ]; do sleep 0.05; done; exit 4";
    mock.enqueue([
      toolCallResponse([
        { id: "toolu_bg", name: "bash", arguments: { command, run_in_background: true } },
      ]),
      textResponse("Started."),
    ]);
    const { code } = await withAgent(box, async (agent, run) => {
      const sessionId = await newSession(agent, box.cwd);
      await prompt(agent, sessionId, "start it");
      const after = run.updates.length;
      expect(existsSync(flag)).toBe(false);
      writeFileSync(flag, "");
      await waitUntil(() => agentText(run.updates, after).includes("exited with code 4"));
      expect(agentText(run.updates, after)).toBe(
        `\nBackground shell bash_1 (${command}) exited with code 4.\n`,
      );
    });
    expect(code).toBe(0);
  });
});
