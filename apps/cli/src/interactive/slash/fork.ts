import { messagePreview, messageText, oneLine } from "@gong/render";
import type { SessionTreeNode } from "@gong/runtime";
import type { SlashCommand } from "../contract.js";
import { whenIdle } from "./idle.js";
import { fork } from "./tree.js";

/**
 * `/fork`: a picker of this branch's prompts; the new session file holds the
 * conversation up to just before the chosen prompt (as in pi), so it can be asked
 * differently. The prompt's text is shown again to copy from.
 */
export const forkCommand: SlashCommand = {
  name: "fork",
  description: "new session from before one of this branch's prompts",
  async run(_args, context) {
    if (!whenIdle(context, "/fork")) return;
    const session = context.host.current;
    const prompts = session.messages.flatMap((message) => {
      const entryId = message.role === "user" ? session.tree.entryIdOf(message) : undefined;
      return entryId ? [{ message, entryId }] : [];
    });
    if (prompts.length === 0) {
      context.ui.note("no prompt to fork from yet");
      return;
    }
    const parentOf = parentIds(session.tree.entries());
    const picked = await context.ui.pick({
      title: "Fork before which prompt?",
      items: prompts.map(({ message, entryId }) => ({
        value: { entryId, text: messageText(message) },
        label: messagePreview(message, Math.max(20, context.ui.width - 4)),
      })),
      initialIndex: prompts.length - 1,
    });
    if (!picked) return;
    if (!whenIdle(context, "/fork")) return;
    const parent = parentOf.get(picked.value.entryId);
    if (!parent) {
      context.ui.error("Nothing comes before the first prompt: use /new for an empty session.");
      return;
    }
    await fork(parent, context);
    context.ui.note(`forked before: ${oneLine(picked.value.text, context.ui.width - 16)}`);
  },
};

/** Each entry's parent, from the tree (the session exposes the tree, not the index). */
function parentIds(roots: readonly SessionTreeNode[]): Map<string, string> {
  const parents = new Map<string, string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.entry.parentId !== null) parents.set(node.entry.id, node.entry.parentId);
    stack.push(...node.children);
  }
  return parents;
}
