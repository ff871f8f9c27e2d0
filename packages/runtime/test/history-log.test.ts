import { textResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import type { SessionTreeNode } from "../src/index.js";
import { openSession, sessionSandbox } from "./helpers.js";

const mock = useMockLlmServer();

function messageTexts(nodes: readonly SessionTreeNode[]): string[] {
  return nodes.flatMap((node) => [
    ...(node.entry.type === "message" ? [JSON.stringify(node.entry.message.content)] : []),
    ...messageTexts(node.children),
  ]);
}

describe("runtime — history is one event log: the session file follows the agent's events", () => {
  it("the user's own command is an event, and its message is in the session file when a listener hears it", async () => {
    const where = sessionSandbox(mock.anthropicBaseUrl);
    const session = await openSession({ ...where, tools: [] });
    const onDisk: boolean[] = [];
    session.subscribe((event) => {
      if (event.type !== "message_added") return;
      onDisk.push(messageTexts(session.tree.entries()).some((t) => t.includes("marker-from-user")));
    });
    await session.runBash("echo marker-from-user");
    expect(onDisk).toEqual([true]);
    expect(session.tree.entryIdOf(session.messages.at(-1)!)).toBeDefined();
    await session.close();
  });

  it("a moved leaf is an event; the next answer is stored on the new branch without a reconciliation", async () => {
    const where = sessionSandbox(mock.anthropicBaseUrl);
    const session = await openSession({ ...where, tools: [] });
    mock.enqueue([textResponse("a1"), textResponse("a2"), textResponse("a3")]);
    await session.prompt("q1");
    await session.prompt("q2");
    const a1 = session.tree.entryIdOf(session.messages[1]!)!;
    const types: string[] = [];
    session.subscribe((event) => types.push(event.type));
    expect(session.tree.moveTo(a1)).toEqual({ ok: true });
    expect(types).toEqual(["messages_replaced"]);
    await session.prompt("q3");
    const a3 = session.messages.at(-1)!;
    expect(session.tree.leafId).toBe(session.tree.entryIdOf(a3));
    await session.close();
  });

  it("a move before the first message is an event with leafId null; the next prompt starts a new root under the running model", async () => {
    const where = sessionSandbox(mock.anthropicBaseUrl);
    const session = await openSession({ ...where, tools: [] });
    mock.enqueue([textResponse("a1"), textResponse("a2")]);
    await session.prompt("q1");
    const moves: unknown[] = [];
    session.subscribe((event) => {
      if (event.type === "messages_replaced") moves.push(event.leafId);
    });
    expect(session.tree.moveTo(null).ok).toBe(true);
    expect(moves).toEqual([null]);
    expect(session.messages).toEqual([]);
    await session.prompt("q2");
    const roots = session.tree.entries();
    expect(roots).toHaveLength(2);
    const second = roots[1]!;
    expect(second.entry).toMatchObject({
      type: "model_change",
      modelId: session.models.current.id,
    });
    expect(second.children[0]!.entry).toMatchObject({
      type: "message",
      message: { content: "q2" },
    });
    await session.close();
  });

  it("a model or thinking level change is an event, and the recorder appends it", async () => {
    const where = sessionSandbox(mock.anthropicBaseUrl);
    const session = await openSession({ ...where, tools: [] });
    const heard: string[] = [];
    session.subscribe((event) => {
      if (event.type !== "model_change" && event.type !== "thinking_level_change") return;
      const last = session.tree.entries().flatMap(function walk(node): SessionTreeNode[] {
        return [node, ...node.children.flatMap(walk)];
      });
      heard.push(`${event.type}:${last.at(-1)?.entry.type}`);
    });
    expect(session.models.switch("anthropic", "claude-opus-4-1").ok).toBe(true);
    session.models.setThinkingLevel("high");
    expect(heard).toEqual([
      "model_change:model_change",
      "thinking_level_change:thinking_level_change",
    ]);
    await session.close();
  });
});
