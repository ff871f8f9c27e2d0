/**
 * Plan mode's rule (row 1 of the policy's order, decide-call.ts): which tools it
 * offers, and what the model reads when it calls another one anyway. The plan's approval
 * is exit-plan-mode-tool.ts; the mode's state is @gong/runtime's plan/plan-mode.ts.
 */
import type { Tool } from "@gong/tools";

/**
 * The built-in tools plan mode offers: they read and search, nothing more (`task` is
 * offered with its read-only subagent types only; `lsp` asks a language server). bash is
 * not among them: a command can change anything. MCP tools are offered when their
 * server marks them read-only.
 */
export const PLAN_MODE_TOOLS: readonly string[] = [
  "read",
  "grep",
  "find",
  "ls",
  "web_fetch",
  "task",
  // Definitions, references, hover, symbols and diagnostics: it changes nothing.
  "lsp",
];

export function isPlanModeTool(tool: Tool): boolean {
  if (PLAN_MODE_TOOLS.includes(tool.name)) return true;
  return tool.name.startsWith("mcp__") && tool.readOnly === true;
}

/** The refusal of a tool plan mode does not offer (agent-core's `unofferedToolReason`). */
export function planModeRefusal(toolName: string, exitTool: string): string {
  return `${toolName} is not available in plan mode: only reading and searching tools are. Finish the plan and call ${exitTool} with it; once the user approves it, every tool is available.`;
}
