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
 * A question with a few fixed answers (`y` allow, `n` deny, `a` always): the confirmation
 * of a tool call, the trust question. A letter or Up/Down marks an answer and Enter gives
 * it — one letter alone never answers, so a word typed into the wrong place cannot. Esc
 * and Ctrl+C give `cancel`, which the caller treats as the safe answer (fail closed); the
 * hint says which answer that is.
 */
export class ChoiceDialog<T> implements Dialog {
  private selected: number | undefined;

  constructor(
    private readonly title: string,
    private readonly details: readonly string[],
    private readonly choices: readonly Choice<T>[],
    private readonly cancel: T,
    private readonly done: (value: T) => void,
  ) {}

  render(width: number): string[] {
    const rows = this.choices.map((choice, index) => {
      const marked = index === this.selected;
      const label = marked ? pc.bold(choice.label) : choice.label;
      return `${marked ? pc.cyan("›") : " "} ${pc.bold(pc.cyan(choice.key))} ${label}`;
    });
    const keys = this.choices.map((c) => c.key).join("/");
    const onEscape = this.choices.find((c) => c.value === this.cancel)?.label ?? "cancel";
    return [
      "",
      ...wrapTextWithAnsi(pc.bold(pc.yellow(this.title)), width),
      ...this.details.flatMap((line) => wrapTextWithAnsi(pc.dim(line), width)),
      ...rows.flatMap((row) => wrapTextWithAnsi(row, width)),
      ...wrapTextWithAnsi(pc.dim(`${keys}/↑↓ mark · Enter answers · Esc: ${onEscape}`), width),
    ];
  }

  /** `false` for a key that is none of the answers' (it also unmarks the marked one). */
  handleInput(data: string): boolean {
    if (matchesKey(data, "escape") || matchesKey(data, "ctrl+c")) {
      this.done(this.cancel);
      return true;
    }
    if (matchesKey(data, "enter")) {
      const choice = this.selected === undefined ? undefined : this.choices[this.selected];
      if (choice) this.done(choice.value);
      return true;
    }
    const last = this.choices.length - 1;
    if (matchesKey(data, "up")) {
      this.selected = this.selected === undefined ? last : Math.max(0, this.selected - 1);
      return true;
    }
    if (matchesKey(data, "down")) {
      this.selected = this.selected === undefined ? 0 : Math.min(last, this.selected + 1);
      return true;
    }
    const key = (decodeKittyPrintable(data) ?? data).toLowerCase();
    const index = this.choices.findIndex((c) => c.key === key);
    this.selected = index < 0 ? undefined : index;
    return index >= 0;
  }
}
