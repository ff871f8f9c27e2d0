import type { PickOptions, PickResult } from "../contract.js";
import { type Choice, ChoiceDialog } from "./choice.js";
import type { Dialog } from "./dialog.js";
import { LineDialog } from "./line.js";
import { PickDialog } from "./pick.js";
import { GuardedDialog } from "./typeahead-guard.js";

/**
 * How a dialog was opened. `signal`: the run that asked was aborted — the dialog closes
 * as if cancelled. `unasked`: the session raised it, not a command the user gave (ask_user),
 * so it takes only a deliberate answer (GuardedDialog).
 */
export interface DialogOptions {
  signal?: AbortSignal;
  unasked?: boolean;
}

/**
 * The inline dialogs waiting for an answer, first come first asked (a confirmation
 * that arrives while a picker is open waits its turn). The first one gets the keys and
 * is drawn in place of the editor.
 */
export class DialogStack {
  private readonly open: { dialog: Dialog }[] = [];

  constructor(private readonly changed: () => void) {}

  get top(): Dialog | undefined {
    return this.open[0]?.dialog;
  }

  /**
   * Answers every open dialog with Esc, its safe answer (gong is quitting: a tool call
   * still waiting for a yes must not keep the session from closing).
   */
  cancelAll(): void {
    for (const { dialog } of [...this.open]) dialog.handleInput("\x1b");
  }

  pick<T>(options: PickOptions<T>, how: DialogOptions = {}): Promise<PickResult<T>> {
    return this.show(
      (done: (result: PickResult<T>) => void) => new PickDialog(options, done, this.changed),
      how,
      undefined,
    );
  }

  ask(prompt: string, initial?: string, how: DialogOptions = {}): Promise<string | undefined> {
    return this.show(
      (done: (value: string | undefined) => void) => new LineDialog(prompt, initial, done),
      how,
      undefined,
    );
  }

  /**
   * A security question (trust, a tool confirmation): always guarded against typing
   * ahead; unanswered within `timeoutMs`, the safe `cancel` answer.
   */
  choose<T>(
    title: string,
    details: readonly string[],
    choices: Choice<T>[],
    cancel: T,
    timeoutMs?: number,
  ): Promise<T> {
    return this.show(
      (done: (value: T) => void) => {
        const timer =
          timeoutMs === undefined ? undefined : setTimeout(() => done(cancel), timeoutMs);
        timer?.unref();
        return new ChoiceDialog(title, details, choices, cancel, (value) => {
          clearTimeout(timer);
          done(value);
        });
      },
      { unasked: true },
      cancel,
    );
  }

  /** `how.signal` aborted: the dialog closes with `onAbort`. */
  private show<T>(
    create: (done: (value: T) => void) => Dialog,
    how: DialogOptions,
    onAbort: T,
  ): Promise<T> {
    const { signal } = how;
    return new Promise((resolve) => {
      const slot = {} as { dialog: Dialog };
      const done = (value: T) => {
        const index = this.open.indexOf(slot);
        if (index < 0) return; // answered already (a key and the timeout at once)
        this.open.splice(index, 1);
        slot.dialog.dispose?.();
        signal?.removeEventListener("abort", cancel);
        resolve(value);
        this.changed();
      };
      const cancel = () => done(onAbort);
      const dialog = create(done);
      slot.dialog = how.unasked ? new GuardedDialog(dialog, this.changed) : dialog;
      this.open.push(slot);
      signal?.addEventListener("abort", cancel, { once: true });
      if (signal?.aborted) cancel();
      this.changed();
    });
  }
}
