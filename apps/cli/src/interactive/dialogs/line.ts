import { Input, matchesKey, wrapTextWithAnsi } from "@mariozechner/pi-tui";
import pc from "picocolors";
import type { Dialog } from "./dialog.js";

/** One line of input under a prompt; Enter answers, Esc cancels (`undefined`). */
export class LineDialog implements Dialog {
  private readonly input = new Input();

  constructor(
    private readonly prompt: string,
    initial: string | undefined,
    private readonly done: (value: string | undefined) => void,
  ) {
    this.input.focused = true;
    if (initial) this.input.setValue(initial);
    this.input.onSubmit = (value) => this.done(value);
  }

  render(width: number): string[] {
    return ["", ...wrapTextWithAnsi(pc.bold(this.prompt), width), ...this.input.render(width)];
  }

  handleInput(data: string): boolean {
    if (matchesKey(data, "escape") || matchesKey(data, "ctrl+c")) this.done(undefined);
    else this.input.handleInput(data);
    return true;
  }
}
