import { matchesKey } from "@mariozechner/pi-tui";
import pc from "picocolors";
import type { Dialog } from "./dialog.js";

/**
 * How long a question the session raises must have been on screen, with no key typed
 * meanwhile, before a key can answer it. A typist does not pause this long between keys;
 * someone reading the question does.
 */
export const QUIET_MS = 600;

/**
 * A question the user did not ask for (the trust question, a tool confirmation, ask_user)
 * takes only a deliberate answer. Keys that reach it before it was drawn, or while the
 * user keeps typing (less than QUIET_MS since it appeared or since the last key), are the
 * prompt the user was typing: the dialog hands them back (`handleInput` → false) and the
 * mode gives them to the editor, so no letter is lost and none answers. Esc and Ctrl+C
 * always reach the dialog: they give its safe answer. (Typing ahead once trusted a folder
 * for good and allowed `rm` — pty-startup and pty-confirm tests.)
 */
export class GuardedDialog implements Dialog {
  private drawnAt: number | undefined;
  private typedAt = Number.NEGATIVE_INFINITY;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly inner: Dialog,
    private readonly changed: () => void,
    private readonly now: () => number = Date.now,
  ) {}

  /** The dialog is on screen and the user has been still long enough: keys answer it. */
  get armed(): boolean {
    const now = this.now();
    return (
      this.drawnAt !== undefined && now - this.drawnAt >= QUIET_MS && now - this.typedAt >= QUIET_MS
    );
  }

  render(width: number): string[] {
    if (this.drawnAt === undefined) {
      this.drawnAt = this.now();
      this.redrawWhenArmed();
    }
    const lines = this.inner.render(width);
    return this.armed
      ? lines
      : [...lines, pc.yellow("(a moment — keys typed now go to your prompt)")];
  }

  handleInput(data: string): boolean {
    if (matchesKey(data, "escape") || matchesKey(data, "ctrl+c")) {
      this.inner.handleInput(data);
      return true;
    }
    if (this.armed && this.inner.handleInput(data) !== false) return true;
    this.typedAt = this.now();
    this.redrawWhenArmed();
    return false;
  }

  /** The question closed: no redraw is due any more. */
  dispose(): void {
    clearTimeout(this.timer);
  }

  /** The hint that keys go to the prompt disappears the moment keys answer again. */
  private redrawWhenArmed(): void {
    clearTimeout(this.timer);
    const since = Math.max(this.drawnAt ?? this.now(), this.typedAt);
    this.timer = setTimeout(this.changed, Math.max(0, since + QUIET_MS - this.now()) + 1);
    this.timer.unref();
  }
}
