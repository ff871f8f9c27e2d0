import type { SessionTreeNode, TreeEntry } from "@gong/session-store";
import { messagePreview, oneLine } from "./message-preview.js";

/** One line of the tree: what `get_tree` sends (`entryId`, `line`) and `/tree` picks from. */
export interface TreeItem {
  /** The entry's id. */
  value: string;
  /** The line: branch drawing, the entry's text, its label in brackets. */
  label: string;
  /** "← current" on the leaf's line. */
  detail?: string;
  /** The text and label without the drawing, for a search box. */
  searchText: string;
}

/**
 * The session tree as lines, the same in the terminal (`/tree`) and on `gong web`'s page
 * (`get_tree`). A conversation is a long chain, so a line is indented
 * only where the tree branches (├─ / └─ for each branch, │ to carry a branch past its
 * siblings' lines); entries the user did not write or read (tool results, model and
 * thinking changes, todo lists) are not lines of their own. Built without recursion: a
 * 20 000-message chain cannot overflow the stack.
 */
export function treeItems(
  roots: readonly SessionTreeNode[],
  leafId: string | null,
  width: number,
): { items: TreeItem[]; leafIndex: number } {
  const items: TreeItem[] = [];
  const shownLeaf = lastShownOnBranch(roots, leafId);
  let leafIndex = 0;
  type Frame = { node: SessionTreeNode; linePrefix: string; childPrefix: string };
  const stack: Frame[] = pushChildren([], roots, "", "");
  while (stack.length > 0) {
    const { node, linePrefix, childPrefix } = stack.pop()!;
    const text = describeEntry(node.entry, Math.max(20, width - linePrefix.length - 12));
    if (text === undefined) {
      // Not a line: its children take its place.
      pushChildren(stack, node.children, linePrefix, childPrefix);
      continue;
    }
    const isLeaf = node.entry.id === shownLeaf;
    if (isLeaf) leafIndex = items.length;
    items.push({
      value: node.entry.id,
      label: `${linePrefix}${text}${node.label ? ` [${node.label}]` : ""}`,
      detail: isLeaf ? "← current" : undefined,
      searchText: `${text} ${node.label ?? ""}`,
    });
    pushChildren(stack, node.children, childPrefix, childPrefix);
  }
  return { items, leafIndex };
}

/** Pushes `children` so they pop in order; one child continues the line of its parent. */
function pushChildren(
  stack: { node: SessionTreeNode; linePrefix: string; childPrefix: string }[],
  children: readonly SessionTreeNode[],
  linePrefix: string,
  childPrefix: string,
) {
  if (children.length === 1) {
    stack.push({ node: children[0]!, linePrefix, childPrefix });
    return stack;
  }
  for (let i = children.length - 1; i >= 0; i--) {
    const last = i === children.length - 1;
    stack.push({
      node: children[i]!,
      linePrefix: `${childPrefix}${last ? "└─ " : "├─ "}`,
      childPrefix: `${childPrefix}${last ? "   " : "│  "}`,
    });
  }
  return stack;
}

/** One line for an entry the user cares about; undefined for the rest. */
function describeEntry(entry: TreeEntry, width: number): string | undefined {
  switch (entry.type) {
    case "message": {
      const { message } = entry;
      if (message.role === "toolResult") return undefined;
      return `${message.role}: ${messagePreview(message, width)}`;
    }
    case "compaction":
      return `[compaction: ${entry.tokensBefore} tokens summarised]`;
    case "branch_summary":
      return `[branch summary: ${oneLine(entry.summary, width)}]`;
    default:
      return undefined;
  }
}

/** The leaf, or the last entry above it that is a line (a leaf may be a tool result). */
function lastShownOnBranch(roots: readonly SessionTreeNode[], leafId: string | null) {
  if (leafId === null) return undefined;
  const parents = new Map<string, TreeEntry>();
  const byId = new Map<string, TreeEntry>();
  const stack = [...roots];
  while (stack.length > 0) {
    const node = stack.pop()!;
    byId.set(node.entry.id, node.entry);
    for (const child of node.children) {
      parents.set(child.entry.id, node.entry);
      stack.push(child);
    }
  }
  let entry = byId.get(leafId);
  while (entry && describeEntry(entry, 1) === undefined) entry = parents.get(entry.id);
  return entry?.id;
}
