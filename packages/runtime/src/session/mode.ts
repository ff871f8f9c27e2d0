/**
 * `session.mode`: the permission mode (@gong/policy permission-mode.ts) — ask, accept-edits,
 * auto, or plan: only reading tools until the user approves a plan (Shift+Tab,
 * `--permission-mode`, RPC `set_mode`). The rules are plan-mode.ts's.
 */
import type { PlanMode, SessionMode } from "../plan/plan-mode.js";

export class ModeSwitch {
  constructor(private readonly planMode: PlanMode) {}

  get current(): SessionMode {
    return this.planMode.mode;
  }

  /** The mode an approved plan goes on in (the mode before plan mode). */
  get afterPlan(): SessionMode {
    return this.planMode.afterPlan;
  }

  /** Switches the mode; the model is offered the other tools from its next call on. */
  set(mode: SessionMode): void {
    this.planMode.pick(mode);
  }
}
