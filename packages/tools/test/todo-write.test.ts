import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Todo, TodoStore } from "../src/index.js";
import { createMemoryTodoStore } from "../src/todo/todo-store.js";
import { TODO_REMINDER } from "../src/tools/todo-write.js";
import { makeProject } from "./helpers.js";

const list = [
  { content: "Read the parser", status: "completed" },
  { content: "Write the failing test", status: "in_progress", priority: "high" },
  { content: "Fix the parser", status: "pending" },
  { content: "Run the suite", status: "pending", priority: "low", id: "suite" },
];

describe("todo_write — seed 001 TodoWrite", () => {
  it("replaces the list and restates it with the seed's fields and reminder", async () => {
    const store = createMemoryTodoStore();
    const project = makeProject({ tools: ["todo_write"], todoStore: store });
    try {
      const result = await project.call("todo_write", { todos: list });
      expect(result.status).toBe("success");
      expect(result.data).toMatchObject({
        count: 4,
        active_count: 3,
        persisted: false,
        todo_path: null,
      });
      expect(result.text).toContain("# TodoWrite");
      expect(result.text).toContain("Total todos: 4");
      expect(result.text).toContain("Active todos: 3");
      expect(result.text).toContain("Persisted: False");
      expect(result.text).toContain("- [in_progress] (high) Write the failing test");
      expect(result.text).toContain("- [pending] (low) Run the suite");
      expect(result.text.endsWith(TODO_REMINDER)).toBe(true);
      expect(TODO_REMINDER).toMatch(/^Remember to keep using the TODO list/);
      // data.todos is what a UI renders from tool_execution_end.
      expect(store.get()).toEqual(result.data.todos);
      expect(store.get().map((todo) => todo.id)).toEqual(["1", "2", "3", "suite"]);

      await project.call("todo_write", { todos: [{ content: "Only this", status: "pending" }] });
      expect(store.get()).toEqual([{ id: "1", content: "Only this", status: "pending" }]);
    } finally {
      project.cleanup();
    }
  });

  it("reports where a host persisted the list, project-relative", async () => {
    let saved: Todo[] = [];
    let root = "";
    const store: TodoStore = {
      get: () => saved,
      async set(todos) {
        saved = todos;
        return { persisted: true, path: path.join(root, ".gong", "todos.json") };
      },
    };
    const project = makeProject({ tools: ["todo_write"], todoStore: store });
    root = project.dir;
    try {
      const result = await project.call("todo_write", { todos: list.slice(0, 1) });
      expect(result.data).toMatchObject({ persisted: true, todo_path: ".gong/todos.json" });
      expect(result.text).toContain("Persisted: True");
      expect(result.text).toContain("Todo path: .gong/todos.json");
      expect(saved).toHaveLength(1);
    } finally {
      project.cleanup();
    }
  });

  it("refuses two in_progress todos with INVALID_PARAM and keeps the old list", async () => {
    const store = createMemoryTodoStore();
    const project = makeProject({ tools: ["todo_write"], todoStore: store });
    try {
      await project.call("todo_write", { todos: list });
      const result = await project.call("todo_write", {
        todos: [
          { content: "a", status: "in_progress" },
          { content: "b", status: "in_progress" },
        ],
      });
      expect(result.status).toBe("error");
      expect(result.error?.code).toBe("INVALID_PARAM");
      expect(result.text).toContain('2 todos are in_progress ("a", "b")');
      expect(result.text).toContain("at most one may be in_progress");
      expect(result.text).toContain("Recommended next step");
      expect(store.get()).toHaveLength(4);
    } finally {
      project.cleanup();
    }
  });

  it("an unknown status or a missing content is INVALID_PARAM naming the field", async () => {
    const project = makeProject({ tools: ["todo_write"] });
    try {
      const result = await project.call("todo_write", {
        todos: [{ content: "x", status: "done" }],
      });
      expect(result.error?.code).toBe("INVALID_PARAM");
      expect(result.text).toContain("todos.0.status");
      const missing = await project.call("todo_write", { todos: [{ status: "pending" }] });
      expect(missing.error?.code).toBe("INVALID_PARAM");
      expect(missing.text).toContain("todos.0.content");
    } finally {
      project.cleanup();
    }
  });
});
