/**
 * Where todo_write keeps the session's list. The host implements it (the runtime:
 * a session entry plus `todos.json` beside the session file) so @gong/tools stays free
 * of any session storage; without a host the list lives in memory for the process.
 */

export type TodoStatus = "pending" | "in_progress" | "completed";
export type TodoPriority = "high" | "medium" | "low";

export interface Todo {
  id: string;
  content: string;
  status: TodoStatus;
  priority?: TodoPriority;
}

/** What `TodoStore.set` reports back: did the list reach durable storage, and where. */
export interface TodoSaveResult {
  persisted: boolean;
  /** Where a UI or the user can read the list (absolute), when it was written to a file. */
  path?: string;
}

export interface TodoStore {
  /** The current list (empty when none was written yet). */
  get(): Todo[];
  /** Replaces the whole list. */
  set(todos: Todo[]): Promise<TodoSaveResult>;
}

/** A list that lasts as long as the process: for hosts with no session to keep it in. */
export function createMemoryTodoStore(initial: Todo[] = []): TodoStore {
  let todos = initial;
  return {
    get: () => todos,
    async set(next) {
      todos = next;
      return { persisted: false };
    },
  };
}
