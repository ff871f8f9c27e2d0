/**
 * The in-memory view of a session: every entry by id, the tree's child lists, the
 * labels and the current leaf. Appends are O(1); branch walks are O(depth).
 */
import {
  isTreeEntry,
  type LabelEntry,
  type SessionEntry,
  type SessionTreeNode,
  type TreeEntry,
} from "./entries.js";
import type { SessionWarning } from "./errors.js";

export class EntryIndex {
  /** All entries in file order, labels and leaf moves included. */
  readonly entries: SessionEntry[] = [];
  private readonly byId = new Map<string, SessionEntry>();
  /** Each entry's children, built when first asked for: a resume never asks. */
  private children: Map<string | null, TreeEntry[]> | undefined;
  private readonly labels = new Map<string, string>();
  /** The latest `session_info` entry's name (`/rename`). */
  name: string | undefined;
  private lastTreeEntryId: string | null = null;
  leafId: string | null = null;

  has(id: string): boolean {
    return this.byId.has(id);
  }

  get(id: string): SessionEntry | undefined {
    return this.byId.get(id);
  }

  getTreeEntry(id: string): TreeEntry | undefined {
    const entry = this.byId.get(id);
    return entry && isTreeEntry(entry) ? entry : undefined;
  }

  labelOf(id: string): string | undefined {
    return this.labels.get(id);
  }

  childrenOf(id: string | null): readonly TreeEntry[] {
    if (!this.children) {
      this.children = new Map();
      for (const entry of this.entries) if (isTreeEntry(entry)) this.addChild(entry);
    }
    return this.children.get(id) ?? [];
  }

  private addChild(entry: TreeEntry): void {
    const siblings = this.children?.get(entry.parentId);
    if (siblings) siblings.push(entry);
    else this.children?.set(entry.parentId, [entry]);
  }

  /**
   * Adds an entry read from disk, repairing what a lost line leaves behind: a duplicate
   * id is skipped; an entry whose parent is missing is re-attached to the previous tree
   * entry, so the tree keeps exactly one root and every parentId exists.
   */
  load(entry: SessionEntry, line: number, warn: (warning: SessionWarning) => void): void {
    if (this.byId.has(entry.id)) {
      warn({
        kind: "duplicate_id",
        message: `Skipped line ${line}: entry id ${entry.id} is already used.`,
        line,
      });
      return;
    }
    let fixed = entry;
    // A tree entry's parent must be a tree entry; only the very first may have none, or
    // one appended after the leaf was moved back before the first entry (resetLeaf).
    const parentMissing =
      entry.parentId === null
        ? this.lastTreeEntryId !== null && this.leafId !== null
        : isTreeEntry(entry)
          ? !this.getTreeEntry(entry.parentId)
          : !this.byId.has(entry.parentId);
    if (parentMissing) {
      warn({
        kind: "orphan_entry",
        message: `Entry ${entry.id} (line ${line}) pointed at missing parent ${entry.parentId}; attached it to the entry before it.`,
        line,
      });
      fixed = { ...entry, parentId: this.lastTreeEntryId } as SessionEntry;
    }
    if (
      !isTreeEntry(fixed) &&
      fixed.type !== "session_info" &&
      fixed.targetId !== null &&
      !this.byId.has(fixed.targetId)
    ) {
      warn({
        kind: "missing_leaf_target",
        message: `Ignored ${fixed.type} entry ${fixed.id} (line ${line}): its target ${fixed.targetId} does not exist.`,
        line,
      });
      this.entries.push(fixed);
      this.byId.set(fixed.id, fixed);
      return;
    }
    this.add(fixed);
  }

  /** Adds a valid entry and applies it to the leaf and labels. */
  add(entry: SessionEntry): void {
    this.entries.push(entry);
    this.byId.set(entry.id, entry);
    if (isTreeEntry(entry)) {
      this.addChild(entry);
      this.lastTreeEntryId = entry.id;
      this.leafId = entry.id;
    } else if (entry.type === "leaf") {
      this.leafId = entry.targetId;
    } else if (entry.type === "label") {
      this.applyLabel(entry);
    } else if (entry.type === "session_info") {
      this.name =
        typeof entry.name === "string" && entry.name.trim() ? entry.name.trim() : undefined;
    }
  }

  private applyLabel(entry: LabelEntry): void {
    const text = entry.label?.trim();
    if (text) this.labels.set(entry.targetId, text);
    else this.labels.delete(entry.targetId);
  }

  /** Root → leaf path of tree entries (empty for an empty session). */
  branch(leafId: string | null = this.leafId): TreeEntry[] {
    const path: TreeEntry[] = [];
    let id = leafId;
    while (id !== null) {
      const entry = this.getTreeEntry(id);
      if (!entry) break;
      path.push(entry);
      id = entry.parentId;
    }
    return path.reverse();
  }

  /** The whole tree, built without recursion so a 20 000-deep chain cannot overflow. */
  tree(): SessionTreeNode[] {
    const nodes = new Map<string, SessionTreeNode>();
    const roots: SessionTreeNode[] = [];
    for (const entry of this.entries) {
      if (!isTreeEntry(entry)) continue;
      const label = this.labels.get(entry.id);
      const node: SessionTreeNode = { entry, children: [], ...(label ? { label } : {}) };
      nodes.set(entry.id, node);
      const parent = entry.parentId === null ? undefined : nodes.get(entry.parentId);
      if (parent) parent.children.push(node);
      else roots.push(node);
    }
    return roots;
  }
}
