/**
 * Calling the user back when gong waits for them and they are looking elsewhere: a run
 * ended, or a question (a confirmation, a plan, `ask_user`) waits. The terminal tells
 * whether it has the focus (focus reporting, `CSI ?1004h`: it sends `CSI I` on focus
 * and `CSI O` when the focus goes); gong calls only while it does not. A terminal that
 * never reports counts as focused: no bell for someone who is watching.
 *
 * The setting `notifications`: `auto` (the default) sends a desktop notification (OSC 9)
 * in the terminals known to show one and rings the bell elsewhere; `osc9` and `bell`
 * force one of them; `off` calls never and leaves focus reporting off.
 * Pinned by test/interactive/pty-notifications.test.ts.
 */
import type { NotificationSetting } from "@gong/settings";
import { terminalSafe } from "../terminal-text.js";

const FOCUS_IN = "\x1b[I";
const FOCUS_OUT = "\x1b[O";
const REPORT_FOCUS = "\x1b[?1004h";
const STOP_REPORTING_FOCUS = "\x1b[?1004l";
const BELL = "\x07";
/** A notification's text is short and one line: what the title bar of a toast holds. */
const MAX_MESSAGE_CHARS = 120;

/** Terminals that show OSC 9 as a desktop notification (others may print it or ignore it). */
function showsOsc9(env: NodeJS.ProcessEnv): boolean {
  const program = env.TERM_PROGRAM ?? "";
  return (
    ["iTerm.app", "WezTerm", "ghostty"].includes(program) ||
    (env.TERM ?? "").includes("kitty") ||
    env.KITTY_WINDOW_ID !== undefined
  );
}

export class TerminalAttention {
  private focused = true;
  private readonly kind: "osc9" | "bell" | "off";

  constructor(
    private readonly write: (data: string) => void,
    setting: NotificationSetting,
    env: NodeJS.ProcessEnv,
  ) {
    this.kind = setting === "auto" ? (showsOsc9(env) ? "osc9" : "bell") : setting;
  }

  /** Asks the terminal to report focus changes (nothing when notifications are off). */
  start(): void {
    if (this.kind !== "off") this.write(REPORT_FOCUS);
  }

  stop(): void {
    if (this.kind !== "off") this.write(STOP_REPORTING_FOCUS);
  }

  /** A focus report is the terminal's, not a key: true when `data` was one (and is used up). */
  take(data: string): boolean {
    if (data === FOCUS_IN) this.focused = true;
    else if (data === FOCUS_OUT) this.focused = false;
    else return false;
    return true;
  }

  /** Calls the user with `message` when the terminal does not have the focus. */
  notify(message: string): void {
    if (this.kind === "off" || this.focused) return;
    if (this.kind === "bell") {
      this.write(BELL);
      return;
    }
    const line = terminalSafe(message).replace(/\s+/g, " ").trim().slice(0, MAX_MESSAGE_CHARS);
    // `;` would start another OSC 9 parameter in some terminals (ConEmu's 9;N forms).
    this.write(`\x1b]9;${line.replace(/;/g, ",")}\x07`);
  }
}
