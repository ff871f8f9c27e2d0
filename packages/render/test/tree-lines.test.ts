import type { SessionTreeNode, TreeEntry } from "@gong/session-store";
import { describe, expect, it } from "vitest";
import { treeItems } from "../src/tree-lines.js";

let nextId = 0;
function node(
  role: "user" | "assistant" | "toolResult",
  text: string,
  children: SessionTreeNode[] = [],
  label?: string,
): SessionTreeNode {
  const id = `e${nextId++}`;
  const message =
    role === "toolResult"
      ? {
          role,
          toolCallId: "t",
          toolName: "bash",
          content: [{ type: "text", text }],
          isError: false,
          timestamp: 0,
        }
      : { role, content: [{ type: "text", text }], timestamp: 0 };
  const entry = {
    type: "message",
    id,
    parentId: null,
    timestamp: "",
    message,
  } as unknown as TreeEntry;
  return { entry, children, ...(label ? { label } : {}) };
}

describe("/tree lines — indented only where the tree branches", () => {
  it("nested branches carry │ past their siblings; labels in brackets", () => {
    const tree = [
      node("user", "q1", [
        node("assistant", "a1", [
          node(
            "user",
            "q2",
            [node("assistant", "a2", [node("user", "q4"), node("user", "q5")])],
            "keep",
          ),
          node("user", "q3"),
        ]),
      ]),
    ];
    const { items } = treeItems(tree, null, 80);
    expect(items.map((item) => item.label)).toEqual([
      "user: q1",
      "assistant: a1",
      "├─ user: q2 [keep]",
      "│  assistant: a2",
      "│  ├─ user: q4",
      "│  └─ user: q5",
      "└─ user: q3",
    ]);
  });

  it("a leaf that is not a line (a tool result) marks the last line above it", () => {
    const result = node("toolResult", "output");
    const tree = [node("user", "q1", [node("assistant", "[bash]", [result])])];
    const { items, leafIndex } = treeItems(tree, result.entry.id, 80);
    expect(items.map((item) => item.label)).toEqual(["user: q1", "assistant: [bash]"]);
    expect(leafIndex).toBe(1);
    expect(items[1]!.detail).toBe("← current");
  });

  it("a 20 000-entry chain is listed without overflowing the stack", () => {
    let chain = node("assistant", "last");
    for (let i = 0; i < 20_000; i++) chain = node(i % 2 ? "assistant" : "user", `m${i}`, [chain]);
    const { items } = treeItems([chain], null, 80);
    expect(items).toHaveLength(20_001);
    expect(items.every((item) => !item.label.startsWith(" "))).toBe(true);
  });
});
