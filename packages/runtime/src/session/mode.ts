/**
 * `session.mode`: `default`, or `plan` — only reading tools until the user approves a
 * plan (Shift+Tab, `--permission-mode plan`, RPC `set_mode`). The rules are plan-mode.ts's.
 */
import type { PlanMode, SessionMode } from "../plan/plan-mode.js";

export class ModeSwitch {
  constructor(private readonly planMode: PlanMode) {}

  get current(): SessionMode {
    return this.planMode.mode;
  }

  /** Switches the mode; the model is offered the other tools from its next call on. */
  set(mode: SessionMode): void {
    this.planMode.set(mode);
  }
}
