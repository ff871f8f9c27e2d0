import { decodeKittyPrintable, matchesKey, wrapTextWithAnsi } from "@mariozechner/pi-tui";
import pc from "picocolors";
import type { Dialog } from "./dialog.js";

export interface Choice<T> {
  /** One letter: the key that picks it. */
  key: string;
  label: string;
  value: T;
}

/**
 * A question answered with one key (`y` allow, `n` deny, `a` always): the confirmation
 * of a tool call, the trust question. Esc and Ctrl+C give `cancel`, which the caller
 * treats as the safe answer (fail closed).
 */
export class ChoiceDialog<T> implements Dialog {
  constructor(
    private readonly title: string,
    private readonly details: readonly string[],
    private readonly choices: readonly Choice<T>[],
    private readonly cancel: T,
    private readonly done: (value: T) => void,
  ) {}

  render(width: number): string[] {
    const keys = this.choices
      .map((c) => `${pc.bold(pc.cyan(c.key))} ${c.label}`)
      .join(pc.dim(" · "));
    return [
      "",
      ...wrapTextWithAnsi(pc.bold(pc.yellow(this.title)), width),
      ...this.details.flatMap((line) => wrapTextWithAnsi(pc.dim(line), width)),
      ...wrapTextWithAnsi(`${keys}${pc.dim(" · Esc cancels")}`, width),
    ];
  }

  handleInput(data: string): void {
    if (matchesKey(data, "escape") || matchesKey(data, "ctrl+c")) {
      this.done(this.cancel);
      return;
    }
    const key = (decodeKittyPrintable(data) ?? data).toLowerCase();
    const choice = this.choices.find((c) => c.key === key);
    if (choice) this.done(choice.value);
  }
}
