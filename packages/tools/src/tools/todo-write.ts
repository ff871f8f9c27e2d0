/**
 * todo_write — replaces the session's todo list (test/todo-write.test.ts). The list goes to
 * the host's `TodoStore`; the result's `data.todos` is the whole list, so a UI renders
 * it from `tool_execution_end` without asking the store.
 */
import { Type } from "@sinclair/typebox";
import { failure, success } from "../core/envelope.js";
import { defineTool } from "../core/run-tool.js";
import type { ToolEnvironment } from "../environment.js";
import { TOOL_SUMMARIES } from "../summary/tool-summary.js";
import type { Todo, TodoStore } from "../todo/todo-store.js";

const todoWriteParameters = Type.Object({
  todos: Type.Array(
    Type.Object({
      content: Type.String({ minLength: 1, description: "What to do, imperative." }),
      status: Type.Union(
        [Type.Literal("pending"), Type.Literal("in_progress"), Type.Literal("completed")],
        { description: "pending | in_progress | completed. At most one in_progress." },
      ),
      priority: Type.Optional(
        Type.Union([Type.Literal("high"), Type.Literal("medium"), Type.Literal("low")]),
      ),
      id: Type.Optional(
        Type.String({ minLength: 1, description: "Stable id (default: position)." }),
      ),
    }),
    { description: "The complete new list; it replaces the previous one." },
  ),
});

/** The closing line: the model forgets a list it is not reminded of. */
export const TODO_REMINDER =
  "Remember to keep using the TODO list to track your progress: mark a task in_progress before you start it " +
  "(only one at a time) and completed as soon as it is done, then move on to the next pending task.";

function formatTodo(todo: Todo): string {
  const priority = todo.priority ? ` (${todo.priority})` : "";
  return `- [${todo.status}]${priority} ${todo.content}`;
}

export function createTodoWriteTool(env: ToolEnvironment, store: TodoStore) {
  return defineTool({
    name: "todo_write",
    summary: TOOL_SUMMARIES.todo_write,
    label: "Todo",
    description:
      "Create and maintain a structured todo list for the current task. Each call replaces the whole list " +
      "(send every item, with its status). Use it for work with 3 or more steps: add the steps, mark one " +
      "in_progress before starting it (at most one at a time), mark it completed as soon as it is done. " +
      "The list is kept with the session, so it survives a resume.",
    parameters: todoWriteParameters,
    async execute(params) {
      const inProgress = params.todos.filter((todo) => todo.status === "in_progress");
      if (inProgress.length > 1) {
        const names = inProgress.map((todo) => `"${todo.content}"`).join(", ");
        return failure(
          "INVALID_PARAM",
          `${inProgress.length} todos are in_progress (${names}); at most one may be in_progress at a time.`,
          {
            data: { field_errors: [{ field: "todos", message: "more than one in_progress" }] },
            next: [
              "todo_write(todos=[...]) again with one task in_progress and the others pending or completed.",
            ],
          },
        );
      }
      const todos: Todo[] = params.todos.map((todo, index) => ({
        id: todo.id ?? String(index + 1),
        content: todo.content,
        status: todo.status,
        ...(todo.priority ? { priority: todo.priority } : {}),
      }));
      const saved = await store.set(todos);
      const activeCount = todos.filter((todo) => todo.status !== "completed").length;
      const todoPath = saved.path ? env.policy.display(saved.path) : null;
      const lines = [
        "# TodoWrite",
        "",
        `Total todos: ${todos.length}`,
        `Active todos: ${activeCount}`,
        `Persisted: ${saved.persisted ? "True" : "False"}`,
        ...(todoPath ? [`Todo path: ${todoPath}`] : []),
        "",
        ...(todos.length > 0 ? [...todos.map(formatTodo), ""] : ["(the list is empty)", ""]),
        TODO_REMINDER,
      ];
      return success(
        {
          todos,
          count: todos.length,
          active_count: activeCount,
          persisted: saved.persisted,
          todo_path: todoPath,
        },
        lines.join("\n"),
        { stats: { count: todos.length, active_count: activeCount } },
      );
    },
  });
}
