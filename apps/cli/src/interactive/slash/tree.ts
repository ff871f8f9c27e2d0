import { treeItems } from "@gong/render";
import type { SessionTreeNode } from "@gong/runtime";
import type { SlashCommand, SlashContext } from "../contract.js";
import { whenIdle } from "./idle.js";

/**
 * `/tree`: the session's conversation tree; Enter continues from the chosen entry (the
 * transcript is redrawn), `l` labels it, `f` forks a new session file from it.
 */
export const treeCommand: SlashCommand = {
  name: "tree",
  description: "browse the session tree: continue from an entry, label it (l), fork it (f)",
  async run(_args, context) {
    if (!whenIdle(context, "/tree")) return;
    const session = context.host.current;
    const { items, leafIndex } = treeItems(
      session.tree.entries(),
      session.tree.leafId,
      context.ui.width,
    );
    if (items.length === 0) {
      context.ui.note("the session is empty: nothing to browse yet");
      return;
    }
    const picked = await context.ui.pick({
      title: "Session tree",
      items,
      initialIndex: leafIndex,
      actions: [
        { key: "l", name: "label", hint: "label" },
        { key: "f", name: "fork", hint: "fork" },
      ],
    });
    if (!picked) return;
    if (picked.action === "label") return label(picked.value, context);
    if (!whenIdle(context, "/tree")) return;
    if (picked.action === "fork") return fork(picked.value, context);
    const moved = context.host.current.tree.moveTo(picked.value);
    if (!moved.ok) {
      context.ui.error(moved.error);
      return;
    }
    context.ui.replayTranscript();
    context.ui.note("continuing from the chosen entry");
  },
};

async function label(entryId: string, context: SlashContext): Promise<void> {
  const session = context.host.current;
  const current = findLabel(session.tree.entries(), entryId);
  const text = await context.ui.ask("Label (empty removes it)", current);
  if (text === undefined) return;
  const labelled = session.tree.label(entryId, text);
  if (!labelled.ok) {
    context.ui.error(labelled.error);
    return;
  }
  context.ui.note(text.trim() === "" ? "label removed" : `label: ${text.trim()}`);
}

/** Shared with /fork: a new session file up to the entry, opened in place of this one. */
export async function fork(entryId: string, context: SlashContext): Promise<void> {
  const forked = await context.host.fork(entryId);
  if (!forked.ok) {
    context.ui.error(forked.error);
    return;
  }
  context.ui.replayTranscript();
  context.ui.note(`forked into ${forked.session.file.path ?? "a new session"}`);
}

function findLabel(roots: readonly SessionTreeNode[], entryId: string): string | undefined {
  const stack = [...roots];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.entry.id === entryId) return node.label;
    stack.push(...node.children);
  }
  return undefined;
}
