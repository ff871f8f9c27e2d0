import type {
  AskUserAnswers,
  AskUserQuestion,
  CodingSession,
  CodingSessionEvent,
  SessionHost,
  ToolConfirmationRequest,
} from "@gong/runtime";
import {
  type AutocompleteProvider,
  Editor,
  type EditorTheme,
  type TUI,
} from "@mariozechner/pi-tui";
import pc from "picocolors";
import { retryLine } from "../modes/retry-line.js";
import { keyArgument } from "../modes/status-line.js";
import type { InteractiveUi, PickOptions, PickResult, SlashContext } from "./contract.js";
import { askUserQuestions } from "./dialogs/ask-user.js";
import { type Choice, ChoiceDialog } from "./dialogs/choice.js";
import type { Dialog } from "./dialogs/dialog.js";
import { LineDialog } from "./dialogs/line.js";
import { PickDialog } from "./dialogs/pick.js";
import type { PromptHistory } from "./input/history.js";
import { modeKey } from "./input/keys.js";
import {
  activityLine,
  footerLine,
  SPINNER_FRAME_MS,
  type StatusInfo,
} from "./render/status-bar.js";
import type { LiveScreen } from "./screen/live-screen.js";
import { blockEntry, noteEntry, type RenderContext, ToolCallEntry } from "./transcript/entries.js";
import { replayInto } from "./transcript/replay.js";
import { Transcript } from "./transcript/transcript.js";

/** How long a tool confirmation waits; then the call is blocked and the question closes. */
export const CONFIRM_TIMEOUT_MS = 10 * 60 * 1000;
/** Two Ctrl+C within this time quit. */
const DOUBLE_CTRL_C_MS = 1000;
/** At most one frame per this many ms while text streams in. */
const FRAME_MS = 16;

/** What the screen needs from the terminal beyond drawing. */
export interface InputSource {
  readonly columns: number;
  readonly rows: number;
}

export interface SlashCommands {
  run(line: string, context: SlashContext): Promise<void>;
}

const EDITOR_THEME: EditorTheme = {
  borderColor: (text) => pc.dim(text),
  selectList: {
    selectedPrefix: (text) => pc.cyan(text),
    selectedText: (text) => pc.bold(text),
    description: (text) => pc.dim(text),
    scrollInfo: (text) => pc.dim(text),
    noMatch: (text) => pc.dim(text),
  },
};

/**
 * The interactive mode's screen and keys around one `SessionHost`: the transcript from
 * the session's events, the editor (Enter sends, or steers while the agent works;
 * Alt+Enter queues a follow-up; Esc aborts), inline dialogs for confirmations and
 * questions, and the status lines. It is the `InteractiveUi` the slash commands drive.
 */
export class InteractiveMode implements InteractiveUi {
  private readonly transcript = new Transcript();
  private readonly editor: Editor;
  private readonly dialogs: { dialog: Dialog }[] = [];
  private host: SessionHost | undefined;
  private slash: SlashCommands | undefined;
  private showThinking = false;
  private working: StatusInfo["working"];
  private spinner: NodeJS.Timeout | undefined;
  private frameTimer: NodeJS.Timeout | undefined;
  private lastFrameAt = 0;
  private lastCtrlC = 0;
  private hint: string | undefined;
  private bashAbort: AbortController | undefined;
  private finish: ((code: number) => void) | undefined;
  private readonly finished: Promise<number>;
  private unsubscribe: (() => void) | undefined;
  private closed = false;

  constructor(
    private readonly screen: LiveScreen,
    private readonly terminal: InputSource,
    private readonly history: PromptHistory,
    private readonly cwd: string,
  ) {
    // pi-tui's Editor asks its TUI for two things only: a redraw and the height.
    const tui = { requestRender: () => this.requestRender(), terminal } as unknown as TUI;
    this.editor = new Editor(tui, EDITOR_THEME);
    this.editor.focused = true;
    for (const prompt of history.all) this.editor.addToHistory(prompt);
    this.editor.onSubmit = (text) => void this.submit(text);
    this.finished = new Promise((resolve) => {
      this.finish = resolve;
    });
  }

  get width(): number {
    return this.terminal.columns;
  }

  /** The session is open: its events reach the transcript from now on. */
  attach(host: SessionHost, slash: SlashCommands): void {
    this.host = host;
    this.slash = slash;
    this.unsubscribe = host.subscribe((event) => this.onEvent(event));
    // A resumed conversation is printed like new output: what the terminal showed
    // before gong started stays in its scrollback.
    replayInto(this.transcript, host.current.messages);
    this.note(sessionLine(host.current));
  }

  setAutocomplete(provider: AutocompleteProvider): void {
    this.editor.setAutocompleteProvider(provider);
  }

  /** Runs until the user quits; resolves with the exit code. */
  async run(prompts: readonly string[]): Promise<number> {
    this.render();
    const [first, ...rest] = prompts;
    if (first !== undefined) {
      const running = this.send(first);
      for (const prompt of rest) this.session.followUp(prompt);
      await running;
    }
    return this.finished;
  }

  /** Ends the mode: the live region is erased, the transcript stays. */
  quit(code = 0): void {
    if (this.closed) return;
    this.stopTimers();
    this.unsubscribe?.();
    this.bashAbort?.abort();
    if (this.host?.current.isStreaming) this.host.current.abort();
    this.flushTranscript();
    this.screen.clear();
    this.closed = true;
    this.finish?.(code);
  }

  // ---- InteractiveUi -------------------------------------------------------------

  note(text: string): void {
    this.addEntry(noteEntry(text));
  }

  warn(text: string): void {
    this.addEntry(noteEntry(text, "warn"));
  }

  error(text: string): void {
    this.addEntry(noteEntry(text, "error"));
  }

  block(title: string, lines: readonly string[]): void {
    this.addEntry(blockEntry(title, lines));
  }

  pick<T>(options: PickOptions<T>): Promise<PickResult<T>> {
    return this.open((done: (result: PickResult<T>) => void) => new PickDialog(options, done));
  }

  ask(prompt: string, initial?: string): Promise<string | undefined> {
    return this.open(
      (done: (value: string | undefined) => void) => new LineDialog(prompt, initial, done),
    );
  }

  /** One key answers: the trust question before the session opens, a tool confirmation. */
  choose<T>(
    title: string,
    details: readonly string[],
    choices: Choice<T>[],
    cancel: T,
    timeoutMs?: number,
  ): Promise<T> {
    return this.open((done: (value: T) => void) => {
      // Unanswered in time: the safe answer, and the question leaves the screen.
      const timer = timeoutMs === undefined ? undefined : setTimeout(() => done(cancel), timeoutMs);
      timer?.unref();
      return new ChoiceDialog(title, details, choices, cancel, (value) => {
        clearTimeout(timer);
        done(value);
      });
    });
  }

  /** After /new, /resume, /tree, /fork: the screen shows the other conversation only. */
  replayTranscript(): void {
    if (!this.host) return;
    this.transcript.reset();
    replayInto(this.transcript, this.host.current.messages);
    const context = this.context();
    this.transcript.takeFinished(context);
    this.screen.redraw(this.transcript.historyLines(this.width, context), this.liveLines(context));
  }

  // ---- what the session asks the user -------------------------------------------

  /**
   * `confirmToolCall.ask`: one key answers — y allows, a allows the same call for the
   * rest of the session, n denies; Esc, Ctrl+C and the timeout deny (fail closed).
   * Enter does nothing here: a prompt typed as the question appears must not approve it.
   */
  async confirmToolCall(request: ToolConfirmationRequest): Promise<boolean | "always"> {
    return this.choose<boolean | "always">(
      `Allow ${request.toolName}${keyArgument(request.input)}?`,
      [request.reason],
      [
        { key: "y", label: "yes", value: true },
        { key: "a", label: "always (this session)", value: "always" },
        { key: "n", label: "no", value: false },
      ],
      false,
      CONFIRM_TIMEOUT_MS,
    );
  }

  /** The ask_user tool: one picker (or line) per question. */
  askUser(questions: AskUserQuestion[], signal: AbortSignal | undefined): Promise<AskUserAnswers> {
    return askUserQuestions(questions, signal, this);
  }

  // ---- keys ------------------------------------------------------------------------

  handleInput(data: string): void {
    const top = this.dialogs[0];
    if (top) {
      top.dialog.handleInput(data);
      this.requestRender();
      return;
    }
    const key = modeKey(data, {
      empty: this.editor.getText() === "",
      completing: this.editor.isShowingAutocomplete(),
    });
    if (key === "ctrl-c") this.onCtrlC();
    else if (key === "quit") this.quit(0);
    else if (key === "abort") this.abortRun();
    else if (key === "toggle-thinking") this.toggleThinking();
    else if (key === "follow-up") this.queueFollowUp();
    else this.editor.handleInput(data);
    this.requestRender();
  }

  /** The terminal was resized: everything is drawn again at the new width. */
  onResize(): void {
    this.requestRender();
  }

  private onCtrlC(): void {
    const now = Date.now();
    if (now - this.lastCtrlC <= DOUBLE_CTRL_C_MS) {
      this.quit(0);
      return;
    }
    this.lastCtrlC = now;
    if (this.editor.getText() !== "") {
      this.editor.setText("");
    } else if (this.host?.current.isStreaming || this.bashAbort) {
      this.abortRun();
    }
    this.showHint("Ctrl+C again quits", DOUBLE_CTRL_C_MS);
  }

  private abortRun(): void {
    const session = this.host?.current;
    this.bashAbort?.abort();
    if (!session?.isStreaming) return;
    session.abort();
    // The run's own bash is stopped by the abort; background jobs it started too.
    void session.stopProcesses();
  }

  private toggleThinking(): void {
    this.showThinking = !this.showThinking;
    // Thinking already in the scrollback changes too: everything is drawn again.
    const context = this.context();
    this.screen.redraw(this.transcript.historyLines(this.width, context), this.liveLines(context));
  }

  private queueFollowUp(): void {
    const text = this.editor.getExpandedText().trim();
    if (text === "") return;
    this.remember(text);
    this.editor.setText("");
    if (this.session.isStreaming) {
      this.session.followUp(text);
      this.requestRender();
    } else {
      void this.send(text);
    }
  }

  private async submit(text: string): Promise<void> {
    const line = text.trim();
    if (line === "") return;
    this.remember(line);
    if (line.startsWith("/")) return this.runSlash(line);
    if (line.startsWith("!") && line.length > 1) return this.runBash(line.slice(1).trim());
    if (this.session.isStreaming) {
      // Seed 002 §2.2: the running tool is interrupted, the remaining calls skipped,
      // and the message goes into the next request.
      this.session.steer(line);
      this.requestRender();
      return;
    }
    await this.send(line);
  }

  private remember(text: string): void {
    this.editor.addToHistory(text);
    const saved = this.history.add(text);
    if (!saved.ok) this.warn(saved.message);
  }

  private async runSlash(line: string): Promise<void> {
    if (!this.host || !this.slash) return;
    try {
      await this.slash.run(line, { host: this.host, ui: this, cwd: this.cwd });
    } catch (error) {
      this.error((error as Error).message);
    }
    this.requestRender();
  }

  /** `!command`: the user's own command; its output joins the context. */
  private async runBash(command: string): Promise<void> {
    if (this.session.isStreaming || this.bashAbort) {
      this.warn("the agent is working; wait for it or press Esc, then run the command");
      return;
    }
    const entry = new ToolCallEntry({ name: "bash", args: { command }, startedAt: Date.now() });
    this.addEntry(entry);
    this.startWorking(`running ${command}`);
    this.bashAbort = new AbortController();
    try {
      const ran = await this.session.runBash(command, this.bashAbort.signal);
      entry.view = {
        ...entry.view,
        result: ran.result,
        isError: ran.result.status === "error",
        endedAt: Date.now(),
      };
    } catch (error) {
      entry.view = { ...entry.view, interrupted: true };
      this.error((error as Error).message);
    } finally {
      this.bashAbort = undefined;
      this.stopWorking();
    }
  }

  /** A new run. Its failure is shown in the transcript; the mode goes on. */
  private async send(text: string): Promise<void> {
    this.startWorking("waiting for the model");
    try {
      const outcome = await this.session.prompt(text);
      // The answer's own error line already says what failed.
      if (!outcome.ok && !outcome.aborted && outcome.lastAssistant?.stopReason !== "error") {
        this.error(outcome.errorMessage ?? "the run failed");
      }
      // An answer cut off says "aborted" itself; a run stopped between answers does not.
      if (outcome.aborted && outcome.lastAssistant?.stopReason !== "aborted") this.note("aborted");
    } finally {
      this.stopWorking();
    }
  }

  // ---- events ----------------------------------------------------------------------

  private onEvent(event: CodingSessionEvent): void {
    const session = this.session;
    this.transcript.apply(event, () => session.agent.state.streamMessage, Date.now());
    if (this.working) {
      const activity = activityOf(event);
      if (activity) this.working = { ...this.working, activity };
    }
    this.requestRender();
  }

  private startWorking(activity: string): void {
    this.working = { activity, since: Date.now() };
    this.spinner ??= setInterval(() => this.requestRender(), SPINNER_FRAME_MS);
    this.requestRender();
  }

  private stopWorking(): void {
    this.working = undefined;
    if (this.spinner) clearInterval(this.spinner);
    this.spinner = undefined;
    this.requestRender();
  }

  private showHint(text: string, ms: number): void {
    this.hint = text;
    this.requestRender();
    setTimeout(() => {
      if (this.hint === text) this.hint = undefined;
      this.requestRender();
    }, ms).unref();
  }

  // ---- drawing ---------------------------------------------------------------------

  private get session(): CodingSession {
    if (!this.host) throw new Error("the session is not open yet");
    return this.host.current;
  }

  private addEntry(entry: Parameters<Transcript["add"]>[0]): void {
    this.transcript.add(entry);
    this.requestRender();
  }

  /** Opens a dialog (after those already open) and resolves with its answer. */
  private open<T>(create: (done: (value: T) => void) => Dialog): Promise<T> {
    return new Promise((resolve) => {
      const slot = {} as { dialog: Dialog };
      slot.dialog = create((value) => {
        const index = this.dialogs.indexOf(slot);
        if (index < 0) return; // answered already (a key and the timeout at once)
        this.dialogs.splice(index, 1);
        resolve(value);
        this.requestRender();
      });
      this.dialogs.push(slot);
      this.requestRender();
    });
  }

  /** Coalesces redraws: streamed text arrives in hundreds of small pieces a second. */
  requestRender(): void {
    if (this.frameTimer) return;
    const wait = Math.max(0, FRAME_MS - (Date.now() - this.lastFrameAt));
    this.frameTimer = setTimeout(() => {
      this.frameTimer = undefined;
      this.render();
    }, wait);
  }

  private render(): void {
    if (this.closed) return;
    this.lastFrameAt = Date.now();
    const context = this.context();
    if (this.screen.resized) {
      this.transcript.takeFinished(context);
      this.screen.redraw(
        this.transcript.historyLines(this.width, context),
        this.liveLines(context),
      );
      return;
    }
    const finished = this.transcript.takeFinished(context);
    const lines = finished.flatMap((entry) => entry.render(this.width, context));
    this.screen.update(lines, this.liveLines(context));
  }

  /** Hands what is finished to the scrollback now (before quitting). */
  private flushTranscript(): void {
    const context = this.context();
    const finished = this.transcript.takeFinished(context);
    const lines = [
      ...finished.flatMap((entry) => entry.render(this.width, context)),
      ...this.transcript.liveLines(this.width, context),
    ];
    this.screen.update(lines, [""]);
  }

  private liveLines(context: RenderContext): string[] {
    const width = this.width;
    const status = this.statusInfo();
    const top = this.dialogs[0];
    return [
      ...this.transcript.liveLines(width, context),
      ...this.queuedLines(width),
      "",
      ...activityLine(status, width, context.now),
      ...(top ? top.dialog.render(width) : this.editor.render(width)),
      this.hint
        ? pc.yellow(this.hint)
        : this.host
          ? footerLine(status, width)
          : pc.dim("starting…"),
    ];
  }

  /** Steering and follow-up messages the agent has not taken yet. */
  private queuedLines(width: number): string[] {
    if (!this.host) return [];
    const queued = this.host.current.queuedMessages;
    const line = (label: string, message: (typeof queued.steering)[number]) => {
      const text = typeof message.content === "string" ? message.content : "";
      const first = text.split("\n")[0] ?? "";
      return pc.dim(`${label} ${first}`.slice(0, Math.max(10, width)));
    };
    return [
      ...queued.steering.map((message) => line("↳ steer:", message)),
      ...queued.followUp.map((message) => line("↳ follow-up:", message)),
    ];
  }

  private statusInfo(): StatusInfo {
    if (!this.host) return { model: "", thinking: "", cost: 0, cwd: this.cwd };
    const session = this.host.current;
    const model = session.model;
    const usage = usageOf(session);
    return {
      model: `${model.provider}/${model.id}`,
      thinking: session.thinkingLevel,
      contextTokens: usage.contextTokens,
      contextWindow: model.contextWindow,
      cost: usage.cost,
      cwd: this.cwd,
      working: this.working,
    };
  }

  private context(): RenderContext {
    return { now: Date.now(), showThinking: this.showThinking };
  }

  private stopTimers(): void {
    if (this.spinner) clearInterval(this.spinner);
    if (this.frameTimer) clearTimeout(this.frameTimer);
    this.spinner = undefined;
    this.frameTimer = undefined;
  }
}

/** `resumed: 12 messages · /hotkeys lists keys and commands` (no id: screens stay comparable). */
function sessionLine(session: CodingSession): string {
  const count = session.messages.length;
  const resumed = count > 0 ? `resumed: ${count} message${count === 1 ? "" : "s"} · ` : "";
  return `${resumed}/hotkeys lists keys and commands`;
}

/** What the spinner line says the agent is doing, after this event. */
function activityOf(event: CodingSessionEvent): string | undefined {
  switch (event.type) {
    case "message_update":
      return event.assistantMessageEvent.type.startsWith("thinking")
        ? "thinking"
        : event.assistantMessageEvent.type.startsWith("toolcall")
          ? "preparing a tool call"
          : "writing";
    case "tool_execution_start":
      return `running ${event.toolName}${keyArgument(event.args)}`;
    case "tool_execution_end":
    case "compaction_end":
      return "waiting for the model";
    case "compaction_start":
      return "compacting the conversation";
    case "retry":
      return retryLine(event);
    default:
      return undefined;
  }
}

/** Context size as of the last answer, and the session's cost so far. */
function usageOf(session: CodingSession): { contextTokens?: number; cost: number } {
  let cost = 0;
  let contextTokens: number | undefined;
  const messages = session.messages;
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.role !== "assistant" || !message.usage) continue;
    cost += message.usage.cost?.total ?? 0;
    if (contextTokens === undefined && message.usage.totalTokens > 0) {
      const u = message.usage;
      contextTokens = u.input + u.output + u.cacheRead + u.cacheWrite;
    }
  }
  return { contextTokens, cost };
}
