/**
 * todo_write's list for a coding session. Each new list is a `custom` session entry
 * (customType `todos`) on the current branch, so resume and fork bring it back like the
 * messages, and a copy goes to `<session file>.todos.json` beside the session file for
 * anything outside Gong that wants to show it. A session file per session: a plain
 * `todos.json` would be shared by every session of the folder.
 */
import type { SessionEntry, SessionStore } from "@gong/session-store";
import { type Todo, type TodoSaveResult, type TodoStore, writeFileAtomic } from "@gong/tools";
import type { SessionRecorder } from "../agent/recorder.js";

export const TODOS_CUSTOM_TYPE = "todos";

/** The list the latest `todos` entry on `branch` holds; empty when there is none. */
export function latestTodos(branch: readonly SessionEntry[]): Todo[] {
  for (let i = branch.length - 1; i >= 0; i--) {
    const entry = branch[i]!;
    if (entry.type !== "custom" || entry.customType !== TODOS_CUSTOM_TYPE) continue;
    const todos = (entry.data as { todos?: unknown } | undefined)?.todos;
    if (Array.isArray(todos)) return todos as Todo[];
  }
  return [];
}

/** `<dir>/<stamp>_<id>.jsonl` → `<dir>/<stamp>_<id>.todos.json`. */
export function todosFileFor(sessionFile: string): string {
  return `${sessionFile.replace(/\.jsonl$/, "")}.todos.json`;
}

export class SessionTodoStore implements TodoStore {
  private todos: Todo[];

  constructor(
    private readonly store: Pick<SessionStore, "path" | "writeFailure">,
    private readonly recorder: Pick<SessionRecorder, "record">,
    branch: readonly SessionEntry[],
  ) {
    this.todos = latestTodos(branch);
  }

  /** The list of another branch, after the session moved there (`moveTo`). */
  restore(branch: readonly SessionEntry[]): void {
    this.todos = latestTodos(branch);
  }

  get(): Todo[] {
    return this.todos;
  }

  async set(todos: Todo[]): Promise<TodoSaveResult> {
    this.todos = todos;
    this.recorder.record({ type: "custom", customType: TODOS_CUSTOM_TYPE, data: { todos } });
    // --no-session, or the session file could not be written: the list lives in memory.
    if (!this.store.path || this.store.writeFailure) return { persisted: false };
    const file = todosFileFor(this.store.path);
    await writeFileAtomic(file, `${JSON.stringify({ todos }, null, 2)}\n`);
    return { persisted: true, path: file };
  }
}
