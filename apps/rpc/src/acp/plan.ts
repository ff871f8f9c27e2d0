/**
 * todo_write's list → an ACP `plan` update, so the editor shows the agent's plan. The
 * list is the whole plan each time (todo_write replaces it; ACP's plan does too).
 */
import type { PlanEntry, SessionUpdate } from "@agentclientprotocol/sdk";
import type { CodingSessionEvent } from "@gong/runtime";

type ToolEnd = Extract<CodingSessionEvent, { type: "tool_execution_end" }>;

/** The plan a finished todo_write call set; undefined for other calls and failed ones. */
export function planUpdate(event: ToolEnd): SessionUpdate | undefined {
  if (event.toolName !== "todo_write" || event.isError) return undefined;
  const todos = (event.result.data as { todos?: unknown } | undefined)?.todos;
  if (!Array.isArray(todos)) return undefined;
  return { sessionUpdate: "plan", entries: todos.map(planEntry) };
}

function planEntry(
  todo: Pick<PlanEntry, "content" | "status"> & { priority?: PlanEntry["priority"] },
): PlanEntry {
  // todo_write's priority is optional; ACP's is required, and "medium" claims nothing.
  return { content: todo.content, priority: todo.priority ?? "medium", status: todo.status };
}
