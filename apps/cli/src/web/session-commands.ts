/**
 * The page's commands beyond the RPC protocol's: the session list of this folder and
 * the session tree (continue from an entry, label it) — what `/resume` and `/tree` do
 * in the terminal, with the same tree lines (treeItems). Answered in the protocol's
 * response shape; switching and forking are the protocol's own `switch_session` and
 * `fork`.
 */
import type { SessionHost } from "@gong/runtime";
import { treeItems } from "../interactive/slash/tree-items.js";

/** Tree lines are cut to this many characters; the page wraps nothing. */
const TREE_LINE_WIDTH = 120;

type Handler = (command: Record<string, unknown>, host: SessionHost) => unknown;

const HANDLERS: Record<string, Handler> = {
  async list_sessions(_command, host) {
    const sessions = await host.listSessions();
    return {
      current: host.current.file ?? null,
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
  get_tree(_command, host) {
    const session = host.current;
    const { items, leafIndex } = treeItems(session.tree(), session.leafId, TREE_LINE_WIDTH);
    return {
      leafIndex: items.length === 0 ? null : leafIndex,
      entries: items.map((item) => ({ entryId: item.value, line: item.label })),
    };
  },
  navigate_tree(command, host) {
    const moved = host.current.moveTo(stringField(command, "entryId"));
    if (!moved.ok) throw new Error(moved.error);
  },
  set_label(command, host) {
    const label = command.label === undefined ? undefined : stringField(command, "label");
    const labelled = host.current.setLabel(stringField(command, "entryId"), label);
    if (!labelled.ok) throw new Error(labelled.error);
  },
};

export function isSessionCommand(type: unknown): type is string {
  return typeof type === "string" && Object.hasOwn(HANDLERS, type);
}

export async function respondToSessionCommand(
  command: Record<string, unknown> & { type: string },
  host: SessionHost,
): Promise<unknown> {
  const head = { type: "response", ...(command.id !== undefined ? { id: command.id } : {}) };
  try {
    const data = await HANDLERS[command.type]!(command, host);
    return { ...head, command: command.type, success: true, ...(data ? { data } : {}) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ...head, command: command.type, success: false, error: message };
  }
}

function stringField(command: Record<string, unknown>, name: string): string {
  const value = command[name];
  if (typeof value !== "string") throw new Error(`"${name}" must be a string`);
  return value;
}
