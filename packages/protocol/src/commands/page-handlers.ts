/**
 * The page's own commands (page-command-schemas.ts): the session list of this folder
 * and the session tree, with the same tree lines as the terminal's `/tree` (`treeItems` of @gong/render).
 */
import { treeItems } from "@gong/render";
import type { Handler } from "./handler-context.js";

/** Tree lines are cut to this many characters; the page wraps nothing. */
const TREE_LINE_WIDTH = 120;

type PageCommandType = "list_sessions" | "get_tree" | "navigate_tree" | "set_label";

export const PAGE_HANDLERS: { [T in PageCommandType]: Handler<T> } = {
  async list_sessions(_command, { host }) {
    const sessions = await host.listSessions();
    return {
      current: host.current.file.path ?? null,
      sessions: sessions.map(({ id, path, modified, firstMessage, messageCount, name }) => ({
        id,
        path,
        modified,
        firstMessage,
        messageCount,
        ...(name ? { name } : {}),
      })),
    };
  },
  get_tree(_command, { host }) {
    const session = host.current;
    const { items, leafIndex } = treeItems(
      session.tree.entries(),
      session.tree.leafId,
      TREE_LINE_WIDTH,
    );
    return {
      leafIndex: items.length === 0 ? null : leafIndex,
      entries: items.map((item) => ({ entryId: item.value, line: item.label })),
    };
  },
  navigate_tree(command, { host }) {
    const moved = host.current.tree.moveTo(command.entryId);
    if (!moved.ok) throw new Error(moved.error);
  },
  set_label(command, { host }) {
    const labelled = host.current.tree.label(command.entryId, command.label);
    if (!labelled.ok) throw new Error(labelled.error);
  },
};
