import { textResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import type { SessionTreeNode } from "../src/index.js";
import { openSession, sessionSandbox } from "./helpers.js";

const mock = useMockLlmServer();

/** The tree as `role: text` lines, children indented, labels in brackets. */
function outline(nodes: readonly SessionTreeNode[], depth = 0): string[] {
  return nodes.flatMap((node) => {
    const entry = node.entry;
    const line =
      entry.type === "message"
        ? `${entry.message.role}: ${textOf(entry.message.content)}`
        : entry.type;
    const label = node.label ? ` [${node.label}]` : "";
    return [`${"  ".repeat(depth)}${line}${label}`, ...outline(node.children, depth + 1)];
  });
}

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  return (content as { type: string; text?: string }[]).map((part) => part.text ?? "").join("");
}

const lastUserText = (request: { body: unknown }) => JSON.stringify(request.body);

describe("CodingSession tree — /tree reads the tree, moves the leaf, labels entries", () => {
  it("moveTo continues from an earlier entry: the next request holds only that branch", async () => {
    const where = sessionSandbox(mock.anthropicBaseUrl);
    const session = await openSession({ ...where, tools: [] });
    mock.enqueue([textResponse("a1"), textResponse("a2"), textResponse("a3")]);
    await session.prompt("q1");
    await session.prompt("q2");
    const a1 = session.tree.entryIdOf(session.messages[1]!)!;

    expect(session.tree.moveTo(a1)).toEqual({ ok: true });
    expect(session.tree.leafId).toBe(a1);
    expect(session.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    await session.prompt("q3");
    const sent = lastUserText(mock.requests.at(-1)!);
    expect(sent).toContain("q3");
    expect(sent).not.toContain("q2");

    const lines = outline(session.tree.entries()).filter((line) => /user|assistant/.test(line));
    // Under the model_change entry every session starts with.
    expect(lines).toEqual([
      "  user: q1",
      "    assistant: a1",
      "      user: q2",
      "        assistant: a2",
      "      user: q3",
      "        assistant: a3",
    ]);
    await session.close();
  });

  it("a resume continues where the leaf was moved to, with that branch's messages", async () => {
    const where = sessionSandbox(mock.anthropicBaseUrl);
    const session = await openSession({ ...where, tools: [] });
    mock.enqueue([textResponse("a1"), textResponse("a2")]);
    await session.prompt("q1");
    await session.prompt("q2");
    const a1 = session.tree.entryIdOf(session.messages[1]!)!;
    session.tree.moveTo(a1);
    const file = session.file.path!;
    await session.close();

    const resumed = await openSession({
      ...where,
      tools: [],
      session: { kind: "open", ref: file },
    });
    expect(resumed.tree.leafId).toBe(a1);
    expect(resumed.messages).toHaveLength(2);
    await resumed.close();
  });

  it("a /tree move to a branch another model answered records the running model, so a resume keeps it", async () => {
    const where = sessionSandbox(mock.anthropicBaseUrl);
    const session = await openSession({ ...where, tools: [] });
    mock.enqueue([textResponse("a1"), textResponse("a2")]);
    await session.prompt("q1");
    const first = session.models.current.id;
    expect(session.models.switch("anthropic", "claude-opus-4-1").ok).toBe(true);
    session.models.setThinkingLevel("high");
    await session.prompt("q2");
    const a1 = session.tree.entryIdOf(session.messages[1]!)!;
    expect(session.tree.moveTo(a1).ok).toBe(true);
    expect(session.models.current.id).toBe("claude-opus-4-1");
    const file = session.file.path!;
    await session.close();

    const resumed = await openSession({
      ...where,
      tools: [],
      session: { kind: "open", ref: file },
    });
    expect(first).not.toBe("claude-opus-4-1");
    expect(resumed.models.current.id).toBe("claude-opus-4-1");
    expect(resumed.models.thinkingLevel).toBe("high");
    expect(resumed.messages).toHaveLength(2);
    await resumed.close();
  });

  it("setLabel shows a label in the tree; an empty one removes it; both survive a resume", async () => {
    const where = sessionSandbox(mock.anthropicBaseUrl);
    const session = await openSession({ ...where, tools: [] });
    mock.enqueue([textResponse("a1")]);
    await session.prompt("q1");
    const q1 = session.tree.entryIdOf(session.messages[0]!)!;
    const a1 = session.tree.entryIdOf(session.messages[1]!)!;
    expect(session.tree.label(q1, "start")).toEqual({ ok: true });
    expect(session.tree.label(a1, "answer")).toEqual({ ok: true });
    expect(session.tree.label(a1, "  ")).toEqual({ ok: true });
    expect(outline(session.tree.entries()).filter((l) => l.includes("["))).toEqual([
      "  user: q1 [start]",
    ]);
    const file = session.file.path!;
    await session.close();
    const resumed = await openSession({
      ...where,
      tools: [],
      session: { kind: "open", ref: file },
    });
    expect(outline(resumed.tree.entries()).filter((l) => l.includes("["))).toEqual([
      "  user: q1 [start]",
    ]);
    await resumed.close();
  });

  it("an unknown entry is one actionable error and changes nothing", async () => {
    const where = sessionSandbox(mock.anthropicBaseUrl);
    const session = await openSession({ ...where, tools: [] });
    mock.enqueue([textResponse("a1")]);
    await session.prompt("q1");
    const leaf = session.tree.leafId;
    const moved = session.tree.moveTo("nope");
    expect(moved.ok).toBe(false);
    expect(moved.ok ? "" : moved.error).toContain("No entry with id nope");
    expect(session.tree.label("nope", "x").ok).toBe(false);
    expect(session.tree.leafId).toBe(leaf);
    await session.close();
  });

  it("moveTo is refused while a run is in progress", async () => {
    const where = sessionSandbox(mock.anthropicBaseUrl);
    const session = await openSession({ ...where, tools: [] });
    mock.enqueue([textResponse("a1"), textResponse("a2")]);
    await session.prompt("q1");
    const q1 = session.tree.entryIdOf(session.messages[0]!)!;
    const running = session.prompt("q2");
    const moved = session.tree.moveTo(q1);
    expect(moved.ok).toBe(false);
    expect(moved.ok ? "" : moved.error).toContain("A run is in progress");
    await running;
    await session.close();
  });

  it("exportHtml writes gong-session-<id>.html in the cwd, or the file given", async () => {
    const where = sessionSandbox(mock.anthropicBaseUrl);
    const session = await openSession({ ...where, tools: [] });
    mock.enqueue([textResponse("exported answer")]);
    await session.prompt("q1");
    const written = await session.file.exportHtml();
    expect(written).toEqual({
      ok: true,
      path: `${where.cwd}/gong-session-${session.file.header.id}.html`,
    });
    const named = await session.file.exportHtml("out/page.html");
    expect(named).toEqual({ ok: true, path: `${where.cwd}/out/page.html` });
    const { readFileSync } = await import("node:fs");
    expect(readFileSync(`${where.cwd}/out/page.html`, "utf8")).toContain("exported answer");
    await session.close();
  });
});
