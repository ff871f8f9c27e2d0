import type { PickOptions, PickResult } from "../contract.js";
import { type Choice, ChoiceDialog } from "./choice.js";
import type { Dialog } from "./dialog.js";
import { LineDialog } from "./line.js";
import { PickDialog } from "./pick.js";

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

  pick<T>(options: PickOptions<T>): Promise<PickResult<T>> {
    return this.show((done: (result: PickResult<T>) => void) => new PickDialog(options, done));
  }

  ask(prompt: string, initial?: string): Promise<string | undefined> {
    return this.show(
      (done: (value: string | undefined) => void) => new LineDialog(prompt, initial, done),
    );
  }

  /** One key answers; unanswered within `timeoutMs`, the safe `cancel` answer. */
  choose<T>(
    title: string,
    details: readonly string[],
    choices: Choice<T>[],
    cancel: T,
    timeoutMs?: number,
  ): Promise<T> {
    return this.show((done: (value: T) => void) => {
      const timer = timeoutMs === undefined ? undefined : setTimeout(() => done(cancel), timeoutMs);
      timer?.unref();
      return new ChoiceDialog(title, details, choices, cancel, (value) => {
        clearTimeout(timer);
        done(value);
      });
    });
  }

  private show<T>(create: (done: (value: T) => void) => Dialog): Promise<T> {
    return new Promise((resolve) => {
      const slot = {} as { dialog: Dialog };
      slot.dialog = create((value) => {
        const index = this.open.indexOf(slot);
        if (index < 0) return; // answered already (a key and the timeout at once)
        this.open.splice(index, 1);
        resolve(value);
        this.changed();
      });
      this.open.push(slot);
      this.changed();
    });
  }
}
