import {
  type ConfirmationAnswer,
  nextPermissionMode,
  type PermissionMode,
  type PlanDecision,
  type ToolConfirmationRequest,
} from "@gong/policy";
import {
  type AskUserAnswers,
  type AskUserQuestion,
  type CodingSession,
  type CodingSessionEvent,
  queuedMessageText,
  type SessionHost,
} from "@gong/runtime";
import {
  type AutocompleteProvider,
  Editor,
  type EditorTheme,
  isKeyRelease,
  type TUI,
} from "@mariozechner/pi-tui";
import pc from "picocolors";
import { keyArgument } from "../modes/status-line.js";
import { terminalSafe } from "../terminal-text.js";
import type { TerminalAttention } from "./attention.js";
import type { InteractiveUi, PickOptions, PickResult, SlashContext } from "./contract.js";
import { askUserQuestions } from "./dialogs/ask-user.js";
import type { Choice } from "./dialogs/choice.js";
import { DialogStack } from "./dialogs/dialog-stack.js";
import type { CommandMenu } from "./input/command-menu.js";
import type { PromptHistory } from "./input/history.js";
import { modeKey } from "./input/keys.js";
import { withoutFinalLineBreak } from "./input/paste.js";

/** What each mode means, in the note Shift+Tab shows. */
const MODE_NOTES: Record<PermissionMode, string> = {
  ask: "file changes, commands, MCP tools and web fetches ask first",
  "accept-edits": "edits inside the project run; commands, MCP tools and web fetches ask first",
  auto: "every tool runs unless a rule, hook or confirmBash asks",
  plan: "the agent only reads until you approve its plan",
};

import { ModeView } from "./mode-view.js";
import type { LiveScreen } from "./screen/live-screen.js";
import { activityOf, sessionCost, sessionLine } from "./session-status.js";
import { blockEntry, noteEntry, ToolCallEntry } from "./transcript/entries.js";
import { planEntry } from "./transcript/plan-entry.js";
import { replayInto } from "./transcript/replay.js";

/** How long a tool confirmation waits; then the call is blocked and the question closes. */
export const CONFIRM_TIMEOUT_MS = 10 * 60 * 1000;
/** Two Ctrl+C within this time quit. */
const DOUBLE_CTRL_C_MS = 1000;

/** The terminal's size (the editor caps its height at a share of the rows). */
export interface TerminalSize {
  readonly columns: number;
  readonly rows: number;
}

export interface SlashCommands {
  run(line: string, context: SlashContext): Promise<void>;
}

const EDITOR_THEME: EditorTheme = {
  // The plain rule `─` is dimmed per line by ModeView (one span, not one per column).
  borderColor: (text) => (text === "─" ? text : pc.dim(text)),
  selectList: {
    selectedPrefix: (text) => pc.cyan(text),
    selectedText: (text) => pc.bold(text),
    description: (text) => pc.dim(text),
    scrollInfo: (text) => pc.dim(text),
    noMatch: (text) => pc.dim(text),
  },
};

/**
 * The interactive mode's keys and actions around one `SessionHost`: Enter sends (or
 * steers while the agent works), Alt+Enter queues a follow-up, Esc aborts, `!command`
 * runs the user's own command, `/…` goes to the slash commands; the session's events
 * feed the transcript. It is the `InteractiveUi` the slash commands drive; what it
 * shows is `ModeView`'s job.
 */
export class InteractiveMode implements InteractiveUi {
  private readonly editor: Editor;
  private readonly dialogs: DialogStack;
  private readonly view: ModeView;
  private host: SessionHost | undefined;
  private slash: SlashCommands | undefined;
  private menu: CommandMenu | undefined;
  private lastCtrlC = 0;
  private bashAbort: AbortController | undefined;
  private finish: ((code: number) => void) | undefined;
  private readonly finished: Promise<number>;
  private unsubscribe: (() => void) | undefined;
  /** Prompts sent before the session was open (typed behind the trust question). */
  private readonly early: string[] = [];

  constructor(
    screen: LiveScreen,
    private readonly terminal: TerminalSize,
    private readonly history: PromptHistory,
    private readonly cwd: string,
    /** Calls the user back while the terminal is not focused (attention.ts). */
    private readonly attention?: TerminalAttention,
  ) {
    // pi-tui's Editor asks its TUI for two things only: a redraw and the height.
    const tui = { requestRender: () => this.view.requestRender(), terminal } as unknown as TUI;
    this.editor = new Editor(tui, EDITOR_THEME);
    this.editor.focused = true;
    for (const prompt of history.all) this.editor.addToHistory(prompt);
    this.editor.onSubmit = (text) => void this.submit(text);
    this.dialogs = new DialogStack(() => this.view.requestRender());
    this.view = new ModeView(screen, terminal, this.editor, this.dialogs, cwd);
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
    this.showSession();
    this.unsubscribe = host.subscribe((event) => this.onEvent(event));
    // A resumed conversation is printed like new output: what the terminal showed
    // before gong started stays in its scrollback.
    replayInto(this.view.transcript, host.current.messages);
    this.note(sessionLine(host.current));
  }

  /** Completion; `menu` also tells prompt commands (sent to the model) from built-ins. */
  setAutocomplete(provider: AutocompleteProvider, menu?: CommandMenu): void {
    this.editor.setAutocompleteProvider(provider);
    this.menu = menu;
  }

  /** Runs until the user quits; resolves with the exit code. */
  async run(prompts: readonly string[]): Promise<number> {
    this.view.render();
    const [first, ...rest] = prompts;
    if (first !== undefined) {
      const running = this.send(first);
      for (const prompt of rest) this.session.followUp(prompt);
      await running;
    }
    for (const line of this.early.splice(0)) await this.dispatch(line);
    return this.finished;
  }

  /** Ends the mode: the live region is erased, the transcript stays. */
  quit(code = 0): void {
    this.unsubscribe?.();
    this.dialogs.cancelAll();
    this.bashAbort?.abort();
    if (this.host?.current.isStreaming) this.host.current.abort();
    this.view.close();
    this.finish?.(code);
    this.finish = undefined;
  }

  // ---- InteractiveUi -------------------------------------------------------------

  note(text: string): void {
    this.view.add(noteEntry(text));
  }

  warn(text: string): void {
    this.view.add(noteEntry(text, "warn"));
  }

  error(text: string): void {
    this.view.add(noteEntry(text, "error"));
  }

  block(title: string, lines: readonly string[]): void {
    this.view.add(blockEntry(title, lines));
  }

  pick<T>(options: PickOptions<T>): Promise<PickResult<T>> {
    return this.dialogs.pick(options);
  }

  ask(prompt: string, initial?: string): Promise<string | undefined> {
    return this.dialogs.ask(prompt, initial);
  }

  /** A fixed set of answers, guarded against typing ahead: the trust question. */
  choose<T>(
    title: string,
    details: readonly string[],
    choices: Choice<T>[],
    cancel: T,
  ): Promise<T> {
    return this.dialogs.choose(title, details, choices, cancel);
  }

  setInput(text: string): void {
    this.editor.setText(text);
  }

  /** After /new, /resume, /tree, /fork: the screen shows the other conversation only. */
  replayTranscript(): void {
    if (!this.host) return;
    this.showSession();
    this.view.transcript.reset();
    replayInto(this.view.transcript, this.host.current.messages);
    this.view.redrawAll();
  }

  // ---- what the session asks the user -------------------------------------------

  /**
   * `confirmToolCall.ask`: y allows, a allows the same call for the rest of the session,
   * p saves the request's rule for the project (`.gong/settings.local.json`; offered in
   * a trusted folder), n denies — marked with its key, given with Enter; Esc, Ctrl+C
   * and the timeout deny (fail closed). Keys typed as the question appears stay in the
   * prompt (GuardedDialog).
   */
  async confirmToolCall(request: ToolConfirmationRequest): Promise<ConfirmationAnswer> {
    const project: Choice<ConfirmationAnswer>[] = request.projectRule
      ? [
          {
            key: "p",
            label: `always in this project (${terminalSafe(request.projectRule)})`,
            value: "always-project",
          },
        ]
      : [];
    this.attention?.notify(`gong: allow ${request.toolName}? It waits for your answer.`);
    return this.dialogs.choose<ConfirmationAnswer>(
      `Allow ${request.toolName}${keyArgument(request.toolName, request.input)}?`,
      [terminalSafe(request.reason)],
      [
        { key: "y", label: "yes", value: true },
        { key: "a", label: "always (this session)", value: "always" },
        ...project,
        { key: "n", label: "no", value: false },
      ],
      false,
      CONFIRM_TIMEOUT_MS,
    );
  }

  /**
   * `exit_plan_mode`: the plan goes into the transcript, then y approves it (the mode
   * switches back and the run goes on with every tool) and n asks what to change, which
   * the agent reads with the refusal. Esc, Ctrl+C and the timeout keep plan mode.
   */
  async approvePlan(plan: string, signal: AbortSignal | undefined): Promise<PlanDecision> {
    this.view.add(planEntry(plan));
    this.attention?.notify("gong: a plan waits for your approval.");
    const approved = await this.dialogs.choose(
      "Approve this plan and leave plan mode?",
      [],
      [
        { key: "y", label: "yes, carry it out", value: true },
        { key: "n", label: "no, keep planning", value: false },
      ],
      false,
      CONFIRM_TIMEOUT_MS,
    );
    if (approved) {
      this.showSession();
      return { approved: true };
    }
    if (signal?.aborted) return { approved: false };
    const feedback = await this.dialogs.ask("What should change? (Enter to skip)", undefined, {
      signal,
    });
    return { approved: false, ...(feedback?.trim() ? { feedback: feedback.trim() } : {}) };
  }

  /** The ask_user tool: one picker (or line) per question; an aborted run closes them. */
  askUser(questions: AskUserQuestion[], signal: AbortSignal | undefined): Promise<AskUserAnswers> {
    this.attention?.notify(`gong asks: ${questions[0]?.question ?? "a question waits for you"}`);
    return askUserQuestions(questions, signal, {
      pick: (options) => this.dialogs.pick(options, { signal, unasked: true }),
      ask: (prompt, initial) => this.dialogs.ask(prompt, initial, { signal }),
    });
  }

  // ---- keys ------------------------------------------------------------------------

  handleInput(data: string): void {
    // The kitty keyboard protocol (flag 2) also reports releases: a key acts once.
    if (isKeyRelease(data)) return;
    // A dialog takes its keys; what it hands back (typing ahead) is the editor's.
    const dialog = this.dialogs.top;
    if (dialog && dialog.handleInput(data) !== false) {
      this.view.renderNow();
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
    else if (key === "toggle-plan-mode") this.togglePlanMode();
    else this.editor.handleInput(withoutFinalLineBreak(data));
    this.view.renderNow();
  }

  /** The terminal was resized: the next frame draws everything at the new size. */
  onResize(): void {
    this.view.requestRender();
  }

  private onCtrlC(): void {
    const now = Date.now();
    if (now - this.lastCtrlC <= DOUBLE_CTRL_C_MS) {
      this.quit(0);
      return;
    }
    this.lastCtrlC = now;
    if (this.editor.getText() !== "") this.editor.setText("");
    else this.abortRun();
    this.view.showHint("Ctrl+C again quits", DOUBLE_CTRL_C_MS);
  }

  private abortRun(): void {
    this.bashAbort?.abort();
    const session = this.host?.current;
    if (!session?.isStreaming) return;
    const dropped = session.abort();
    // The run's own bash is stopped by the abort; background jobs it started too.
    void session.processes.stop();
    this.giveBack([...dropped.steering, ...dropped.followUp].map(queuedMessageText));
  }

  /**
   * Messages queued for a run that was aborted go back into the editor, before what is
   * typed there now: the user decides whether to send them (issue 22.5).
   */
  private giveBack(texts: readonly string[]): void {
    if (texts.length === 0) return;
    const typed = this.editor.getText();
    this.editor.setText([...texts, ...(typed === "" ? [] : [typed])].join("\n"));
  }

  private toggleThinking(): void {
    this.view.showThinking = !this.view.showThinking;
    // Thinking already in the scrollback changes too: everything is drawn again.
    this.view.redrawAll();
  }

  /** Shift+Tab: the next permission mode (ask → accept-edits → auto → plan → ask). */
  private togglePlanMode(): void {
    if (!this.host) return;
    const next = nextPermissionMode(this.session.mode.current);
    this.session.mode.set(next);
    this.note(`${next} mode: ${MODE_NOTES[next]} (Shift+Tab: next mode)`);
  }

  private queueFollowUp(): void {
    const text = this.editor.getExpandedText().trim();
    if (text === "") return;
    // A queued message is sent as it is: a prompt command waits for the run (it stays typed).
    if (this.host && this.session.isStreaming && this.menu?.isPromptCommand(text)) {
      this.warnBusyCommand(text);
      return;
    }
    this.remember(text);
    this.editor.setText("");
    if (!this.host) this.early.push(text);
    else if (this.session.isStreaming) this.session.followUp(text);
    else void this.send(text);
  }

  private async submit(text: string): Promise<void> {
    const line = text.trim();
    if (line === "") return;
    this.remember(line);
    // Typed while the trust question was open or the session was still opening: it is
    // sent once the session is there, not dropped.
    if (!this.host) {
      this.early.push(line);
      return;
    }
    await this.dispatch(line);
  }

  /** A line the user sent: a slash command, `!command`, a steer, or a new prompt. */
  private async dispatch(line: string): Promise<void> {
    const promptCommand = this.menu?.isPromptCommand(line) === true;
    if (line.startsWith("/") && !promptCommand) return this.runSlash(line);
    if (promptCommand && this.session.isStreaming) {
      // Back into the editor: it can be sent once the run is over.
      this.giveBack([line]);
      this.warnBusyCommand(line);
      return;
    }
    if (line.startsWith("!") && line.length > 1) return this.runBash(line.slice(1).trim());
    if (this.session.isStreaming) {
      // The running tool is interrupted, the remaining calls skipped, and the message
      // goes into the next request (test/interactive/pty-steering.test.ts).
      this.session.steer(line);
      this.view.requestRender();
      return;
    }
    await this.send(line);
  }

  private warnBusyCommand(line: string): void {
    this.warn(`the agent is working; wait for it or press Esc, then run ${line.split(/\s/)[0]}`);
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
    this.showSession();
    this.view.requestRender();
  }

  /** `!command`: the user's own command; its output joins the context. */
  private async runBash(command: string): Promise<void> {
    if (this.session.isStreaming || this.bashAbort) {
      this.warn("the agent is working; wait for it or press Esc, then run the command");
      return;
    }
    const entry = new ToolCallEntry({ name: "bash", args: { command }, startedAt: Date.now() });
    this.view.add(entry);
    this.view.startWorking(`running ${command}`);
    this.bashAbort = new AbortController();
    try {
      const ran = await this.session.runBash(command, this.bashAbort.signal);
      const isError = ran.result.status === "error";
      entry.view = { ...entry.view, result: ran.result, isError, endedAt: Date.now() };
    } catch (error) {
      entry.view = { ...entry.view, interrupted: true };
      this.error((error as Error).message);
    } finally {
      this.bashAbort = undefined;
      this.view.stopWorking();
    }
  }

  /** A new run. Its failure is shown in the transcript; the mode goes on. */
  private async send(text: string): Promise<void> {
    this.view.startWorking("waiting for the model");
    try {
      // `@path` typed in the editor attaches the file, as in a prompt command.
      const outcome = await this.session.prompt(text, [], { attachFiles: true });
      // The answer's own error line already says what failed.
      if (!outcome.ok && !outcome.aborted && outcome.lastAssistant?.stopReason !== "error") {
        this.error(outcome.errorMessage ?? "the run failed");
      }
      // Print mode names `gong --compact -r <id>` (failure-line.ts); here there is a command.
      if (outcome.lastAssistant?.errorKind === "overflow") {
        this.note(
          "the conversation is too long for the model: /compact summarises it, /new starts over",
        );
      }
      // An answer cut off says "aborted" itself; a run stopped between answers does not.
      if (outcome.aborted && outcome.lastAssistant?.stopReason !== "aborted") this.note("aborted");
      if (!outcome.aborted) {
        this.attention?.notify(outcome.ok ? "gong: done, your turn." : "gong: the run failed.");
        // Claude Code's Notification hooks hear it too, whatever the terminal's focus.
        void this.session.config
          .notify("idle_prompt", "Gong is waiting for your input")
          .catch((error: unknown) => this.warn(`Notification hook: ${String(error)}`));
      }
    } finally {
      this.view.stopWorking();
      // A command file added meanwhile, or an MCP server that connected late.
      if (this.host) void this.menu?.refresh(this.host.current);
    }
  }

  /** The footer follows the host's current session, and its cost what is in that file. */
  private showSession(): void {
    if (!this.host) return;
    this.view.session = this.host.current;
    this.view.cost = sessionCost(this.host.current);
  }

  private onEvent(event: CodingSessionEvent): void {
    // An answer (or a compaction's summary) adds to what the session cost.
    if (event.type === "message_end" || event.type === "compaction_end") this.showSession();
    this.view.transcript.apply(event, Date.now());
    const activity = activityOf(event);
    if (activity) this.view.setActivity(activity);
    this.view.requestRender();
  }

  private get session(): CodingSession {
    if (!this.host) throw new Error("the session is not open yet");
    return this.host.current;
  }
}
