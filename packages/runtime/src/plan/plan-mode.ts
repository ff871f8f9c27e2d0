/**
 * Plan mode (README "Plan mode"): the agent may only read until it calls
 * `exit_plan_mode(plan)` and the user approves the plan. The mode decides which tools
 * the model is offered (from its next call on) and refuses, with a reason the model can
 * act on, a tool it was not offered but called anyway.
 */

import {
  createExitPlanModeTool,
  EXIT_PLAN_MODE,
  isPlanModeTool,
  PERMISSION_MODES,
  type PermissionMode,
  type PlanApproval,
  planModeRefusal,
} from "@gong/policy";
import type { Tool } from "@gong/tools";

/** The permission modes (@gong/policy permission-mode.ts); plan is one of them. */
export const SESSION_MODES = PERMISSION_MODES;
export type SessionMode = PermissionMode;

export interface PlanModeOptions {
  initial: SessionMode;
  /** The user named the mode (`--permission-mode`): a settings reload keeps it. */
  pickedByUser: boolean;
  /** The mode an approved plan goes on in when the session started in plan mode. */
  afterPlan: Exclude<SessionMode, "plan">;
  /** Asks the user to approve a plan; undefined (print mode without `--yes`): the run ends with it. */
  approve: PlanApproval | undefined;
  /** The mode changed: the session offers the other tools from the next model call. */
  onChange: () => void;
  /** Ends the run at once (the plan is printed and the user decides outside gong). */
  endRun: () => void;
}

export class PlanMode {
  private current: SessionMode;
  /** The mode before plan mode: an approved plan goes on in it. */
  private beforePlan: Exclude<SessionMode, "plan">;
  /** The plan the run ended with, waiting for the user (print mode). */
  private presented: string | undefined;
  private readonly exitTool: Tool;
  /** The user picked the mode (flag, Shift+Tab, set_mode, the page's picker). */
  private picked: boolean;

  constructor(private readonly options: PlanModeOptions) {
    this.current = options.initial;
    this.picked = options.pickedByUser;
    this.beforePlan = options.initial === "plan" ? options.afterPlan : options.initial;
    this.exitTool = createExitPlanModeTool(
      (plan, signal, call) => this.decide(plan, signal, call),
      () => this.current === "plan",
    );
  }

  get mode(): SessionMode {
    return this.current;
  }

  /** The mode an approved plan goes on in. */
  get afterPlan(): SessionMode {
    return this.beforePlan;
  }

  /** The user picked a mode: from now on a settings reload does not change it. */
  pick(mode: SessionMode): void {
    this.picked = true;
    this.set(mode);
  }

  /**
   * Settings `permissions.defaultMode` changed while the session is open: applied unless
   * the user picked a mode in this session (by flag or Shift+Tab; README "Modes").
   */
  applyDefault(mode: SessionMode): void {
    if (!this.picked) this.set(mode);
  }

  set(mode: SessionMode): void {
    if (mode === this.current) return;
    if (this.current !== "plan") this.beforePlan = this.current;
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
    return planModeRefusal(toolName, EXIT_PLAN_MODE);
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
    if (decision.approved) this.set(this.beforePlan);
    return decision;
  }
}
