/**
 * Plan mode (README "Plan mode"): the agent may only read until it calls
 * `exit_plan_mode(plan)` and the user approves the plan. The mode decides which tools
 * the model is offered (from its next call on) and refuses, with a reason the model can
 * act on, a tool it was not offered but called anyway.
 */
import type { Tool } from "@gong/tools";
import {
  createExitPlanModeTool,
  EXIT_PLAN_MODE,
  type PlanApproval,
} from "./exit-plan-mode-tool.js";

export const SESSION_MODES = ["default", "plan"] as const;
export type SessionMode = (typeof SESSION_MODES)[number];

/**
 * The built-in tools plan mode offers: they read and search, nothing more (`task` is
 * offered with its read-only subagent types only; `lsp` asks a language server). bash is not among them: a command
 * can change anything. MCP tools are offered when their server marks them read-only.
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

export interface PlanModeOptions {
  initial: SessionMode;
  /** Asks the user to approve a plan; undefined (print mode without `--yes`): the run ends with it. */
  approve: PlanApproval | undefined;
  /** The mode changed: the session offers the other tools from the next model call. */
  onChange: () => void;
  /** Ends the run at once (the plan is printed and the user decides outside gong). */
  endRun: () => void;
}

export class PlanMode {
  private current: SessionMode;
  /** The plan the run ended with, waiting for the user (print mode). */
  private presented: string | undefined;
  private readonly exitTool: Tool;

  constructor(private readonly options: PlanModeOptions) {
    this.current = options.initial;
    this.exitTool = createExitPlanModeTool(
      (plan, signal, call) => this.decide(plan, signal, call),
      () => this.current === "plan",
    );
  }

  get mode(): SessionMode {
    return this.current;
  }

  set(mode: SessionMode): void {
    if (mode === this.current) return;
    this.current = mode;
    this.options.onChange();
  }

  /** What the model is offered in the current mode, out of the session's full tool set. */
  offered(tools: readonly Tool[]): Tool[] {
    if (this.current !== "plan") return [...tools];
    return [...tools.filter(isPlanModeTool), this.exitTool];
  }

  /** The reason a tool the model called is refused in plan mode (the agent's `unofferedToolReason`). */
  refusal(toolName: string): string | undefined {
    if (this.current !== "plan" || toolName === EXIT_PLAN_MODE) return undefined;
    return `${toolName} is not available in plan mode: only reading and searching tools are. Finish the plan and call ${EXIT_PLAN_MODE} with it; once the user approves it, every tool is available.`;
  }

  /** The plan a run ended with (print mode without `--yes`), once. */
  takePresentedPlan(): string | undefined {
    const plan = this.presented;
    this.presented = undefined;
    return plan;
  }

  private async decide(...[plan, signal, call]: Parameters<PlanApproval>) {
    if (!this.options.approve) {
      this.presented = plan;
      this.options.endRun();
      return { approved: false as const, ended: true };
    }
    const decision = await this.options.approve(plan, signal, call);
    if (decision.approved) this.set("default");
    return decision;
  }
}
