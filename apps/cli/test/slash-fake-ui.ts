import type { SessionHost } from "@gong/runtime";
import type {
  InteractiveUi,
  PickOptions,
  PickResult,
  SlashContext,
} from "../src/interactive/contract.js";

/** What the fake screen was asked to show, in order. */
export type Shown =
  | { kind: "note" | "warn" | "error"; text: string }
  | { kind: "block"; title: string; lines: readonly string[] }
  | { kind: "pick"; title: string; labels: string[]; initialIndex?: number }
  | { kind: "ask"; prompt: string; initial?: string }
  | { kind: "replay" }
  | { kind: "input"; text: string }
  | { kind: "quit" };

/** Answers a picker: the index or label to choose, and the action (default "select"); undefined cancels. */
export type PickAnswer = { label: string | RegExp; action?: string } | undefined;

/**
 * An `InteractiveUi` without a screen: it records what it is asked to show and answers
 * pickers and questions from a script, in order. A picker or question with no scripted
 * answer fails the test.
 */
export class FakeUi implements InteractiveUi {
  readonly shown: Shown[] = [];
  readonly width = 100;
  private readonly picks: PickAnswer[] = [];
  private readonly answers: (string | undefined)[] = [];

  answerPick(...answers: PickAnswer[]): this {
    this.picks.push(...answers);
    return this;
  }

  answerAsk(...answers: (string | undefined)[]): this {
    this.answers.push(...answers);
    return this;
  }

  note(text: string): void {
    this.shown.push({ kind: "note", text });
  }
  warn(text: string): void {
    this.shown.push({ kind: "warn", text });
  }
  error(text: string): void {
    this.shown.push({ kind: "error", text });
  }
  block(title: string, lines: readonly string[]): void {
    this.shown.push({ kind: "block", title, lines });
  }
  async pick<T>(options: PickOptions<T>): Promise<PickResult<T>> {
    const labels = options.items.map((item) => item.label);
    this.shown.push({
      kind: "pick",
      title: options.title,
      labels,
      ...(options.initialIndex !== undefined ? { initialIndex: options.initialIndex } : {}),
    });
    if (this.picks.length === 0) throw new Error(`unexpected picker "${options.title}"`);
    const answer = this.picks.shift();
    if (!answer) return undefined;
    const index = labels.findIndex((label) =>
      typeof answer.label === "string" ? label.trim() === answer.label : answer.label.test(label),
    );
    if (index < 0) throw new Error(`no item "${answer.label}" in ${JSON.stringify(labels)}`);
    return { action: answer.action ?? "select", value: options.items[index]!.value };
  }
  async ask(prompt: string, initial?: string): Promise<string | undefined> {
    this.shown.push({ kind: "ask", prompt, ...(initial !== undefined ? { initial } : {}) });
    if (this.answers.length === 0) throw new Error(`unexpected question "${prompt}"`);
    return this.answers.shift();
  }
  setInput(text: string): void {
    this.shown.push({ kind: "input", text });
  }
  replayTranscript(): void {
    this.shown.push({ kind: "replay" });
  }
  quit(): void {
    this.shown.push({ kind: "quit" });
  }

  /** The texts of the one-line messages of `kind`. */
  lines(kind: "note" | "warn" | "error"): string[] {
    return this.shown.flatMap((s) => (s.kind === kind ? [s.text] : []));
  }

  lastPick(): Extract<Shown, { kind: "pick" }> {
    const picks = this.shown.filter(
      (s): s is Extract<Shown, { kind: "pick" }> => s.kind === "pick",
    );
    return picks.at(-1)!;
  }
}

export function slashContext(host: SessionHost, ui: FakeUi, cwd: string): SlashContext {
  return { host, ui, cwd };
}
