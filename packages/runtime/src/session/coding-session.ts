import {
  type Agent,
  BUSY_MESSAGE,
  type CompactResult,
  type MetricsSnapshot,
  type QueuedMessages,
} from "@gong/agent-core";
import type { ToolResponse } from "@gong/base";
import type {
  CheckpointList,
  RewindOutcome,
  RewindPlan,
  RewindRestore,
  SessionCheckpoints,
} from "@gong/checkpoints";
import type {
  AssistantMessage,
  ImageContent,
  Message,
  Model,
  ThinkingLevel,
  UserMessage,
} from "@gong/llm";
import type { LanguageServers, ServerStatus } from "@gong/lsp";
import type { McpServerStatus, McpServers } from "@gong/mcp";
import { renderSessionHtml } from "@gong/render";
import type { SessionStats, SessionStore, SessionTreeNode } from "@gong/session-store";
import type { BackgroundShells, ProcessGroups, Todo, Tool, WebConnections } from "@gong/tools";
import type {
  ExpandResult,
  PromptCommandInfo,
  PromptCommands,
} from "../commands/prompt-commands.js";
import type { ConfigFileGroup } from "../config/config-files.js";
import { homeDir } from "../config/paths.js";
import type { RememberedChoice } from "../config/remember-choice.js";
import {
  type ExportSessionResult,
  type ExportWriteOptions,
  writeSessionHtml,
} from "../export/export-session.js";
import { withoutHiddenFiles } from "../export/hidden-files.js";
import { sessionDocument } from "../export/subagent-transcripts.js";
import type { NotificationType, SessionEndReason } from "../hooks/claude-events.js";
import type { CommandHooks } from "../hooks/command-hooks.js";
import type { ListedModel } from "../models/list-models.js";
import type { ModelResolution } from "../models/resolve-model.js";
import type { PlanMode, SessionMode } from "../plan/plan-mode.js";
import type { SessionPermissions } from "../policy/session-permissions.js";
import type { SubagentEvent, SubagentEvents } from "../subagents/subagent-events.js";
import type { CodingSessionEvent, RunOutcome, SessionHeaderLine } from "./options.js";
import type { SessionRecorder } from "./recorder.js";
import { effectiveLimits, type RunLimits, RunTally, type RunTotals } from "./run-limits.js";
import type { SandboxState } from "./session-sandbox.js";
import type { SessionTodoStore } from "./todo-store.js";
import { runUserBash } from "./user-bash.js";

export interface CodingSessionParts {
  agent: Agent;
  store: SessionStore;
  recorder: SessionRecorder;
  /** The process groups bash started: background jobs live until `close`. */
  processes: ProcessGroups;
  /** bash's background shells (run_in_background): listed and killed from the UIs. */
  backgroundShells?: BackgroundShells;
  /** web_fetch's pooled connections, shared by every tool set: closed with the session. */
  webConnections: WebConnections;
  /** The session's MCP servers: every server process ends with the session. */
  mcp?: McpServers;
  /** The session's language servers: every server process ends with the session. */
  lsp?: LanguageServers;
  /** todo_write's list, restored from the session's branch. */
  todos: SessionTodoStore;
  /** Applies the settings files to the agent when they changed since the last call. */
  applySettingsChanges?: () => Promise<void>;
  /** The settings files the session's settings were read from, lowest precedence first. */
  settingsFiles?: () => readonly string[];
  /** The bash tool the user's own commands run with (`runBash`), same shell settings. */
  bash?: Tool;
  cwd?: string;
  /** bash's sandbox (session-sandbox.ts); default off. */
  sandbox?: SandboxState;
  /** A model by provider and id, with its key checked (the session's model registry). */
  resolveModel?: (provider: string, id: string) => ModelResolution;
  listModels?: () => ListedModel[];
  /** The files and folders this session's configuration comes from. */
  configFiles?: ConfigFileGroup[];
  /** Saves a model or thinking level the user chose as the next start's default. */
  remember?: (choice: RememberedChoice) => Promise<void>;
  /** `/name args`: the prompt commands of the session's folders and MCP servers. */
  promptCommands?: PromptCommands;
  /** Plan mode: which tools the model is offered until the user approves a plan. */
  planMode?: PlanMode;
  /** The permission rules and "always" answers of this session. */
  permissions?: SessionPermissions;
  /** Snapshots of the project's files at each prompt and before changing tool calls. */
  checkpoints?: SessionCheckpoints;
  /** The task tool's subagents send their events here. */
  subagentEvents?: SubagentEvents;
  /** The settings' command hooks: SessionEnd and Notification run through them. */
  commandHooks?: CommandHooks;
  /** Counts each run's model calls and cost, and stops a run at its limits. */
  tally?: RunTally;
  /** Settings `limits` as they are now: a run's defaults. */
  settingsLimits?: () => RunLimits | undefined;
}

export interface PromptOptions {
  /** `@path` in the text attaches the file's content (the interactive editor's prompts). */
  attachFiles?: boolean;
  /** This run's limits (RPC `prompt {limits}`); each one given wins over settings `limits`. */
  limits?: RunLimits;
}

/** Options of `run` (the prompts of one `gong -p` count as one run). */
export interface RunOptions {
  /** `--max-turns`, `--max-budget-usd`; each one given wins over settings `limits`. */
  limits?: RunLimits;
}

/** The user's own command (`!cmd`, an editor's `bash`) and what it printed. */
export interface UserBashResult {
  /** The bash tool's envelope (`data.stdout`, `data.exit_code`, …). */
  result: ToolResponse;
  /** The message added to the context, so the model sees the output next turn. */
  message: UserMessage;
}

/**
 * An agent wired to its session file (issue #7): the recorder folds the agent's events,
 * so every message is persisted as it ends and model and thinking changes are recorded;
 * a context file changed on disk is re-read before the next LLM call (the agent's
 * system prompt provider), and on `close` the background jobs bash started end and the
 * file's lock is released.
 */
export class CodingSession {
  private readonly listeners = new Set<(event: CodingSessionEvent) => void>();
  private readonly unsubscribeAgent: () => void;
  private readonly unsubscribeSubagentTally: () => void;
  private readonly tally: RunTally;
  private closed = false;
  private starting = false;
  /** `abort` was called during the current run: it ended aborted, whatever came last. */
  private abortRequested = false;
  /** Stops a prompt command's `` !`…` `` and `@path` reads before the run starts. */
  private expanding: AbortController | undefined;
  /** Choices being saved to the user settings, in order; `close` waits for them. */
  private remembering: Promise<void> = Promise.resolve();

  constructor(private readonly parts: CodingSessionParts) {
    this.tally = parts.tally ?? new RunTally();
    this.unsubscribeAgent = this.listenTo(parts.agent);
    // A subagent's calls spend the parent run's budget.
    this.unsubscribeSubagentTally = this.subscribeSubagents((event) =>
      this.tally.count(event, true),
    );
  }

  private listenTo(agent: Agent): () => void {
    return agent.subscribe((event) => {
      // Persist first, so a listener that exits the process never loses the message.
      this.parts.recorder.onEvent(event);
      this.tally.count(event, false);
      // After the recorder: a user message's checkpoint names its entry.
      this.parts.checkpoints?.observe(event, (message) => this.parts.recorder.entryIdOf(message));
      for (const listener of this.listeners) listener(event);
    });
  }

  private async applySettingsChanges(): Promise<void> {
    await this.parts.applySettingsChanges?.();
  }

  /** The session file's header (also the json-mode first line). */
  get header(): SessionHeaderLine {
    const { type, version, id, timestamp, cwd } = this.parts.store.header;
    return { type, version, id, timestamp, cwd };
  }

  /** The session file, or undefined with `--no-session`. */
  get file(): string | undefined {
    return this.parts.store.path;
  }

  /** The name given with `/rename`, undefined when the session has none. */
  get name(): string | undefined {
    return this.parts.store.name;
  }

  /**
   * Names the session (`/rename`): `gong -r <name>` finds it from any folder, listings
   * show it. An empty name removes it; a name longer than 100 characters is refused.
   */
  rename(name: string): { ok: true } | { ok: false; error: string } {
    const named = this.parts.store.setName(name);
    return named.ok ? { ok: true } : { ok: false, error: named.error.message };
  }

  get model(): Model {
    return this.parts.agent.state.model;
  }

  /**
   * The current todo list: what a UI shows on opening a resumed session, before any
   * todo_write result (`data.todos` in `tool_execution_end`) updates it.
   */
  get todos(): readonly Todo[] {
    return this.parts.todos.get();
  }

  /** The session's MCP servers as they are now (empty when none is configured). */
  /**
   * bash's background shells (`run_in_background`): what `/bashes`, RPC `get_state` and
   * the web view list, live, and kill. Undefined for a session built without them.
   */
  get backgroundShells(): BackgroundShells | undefined {
    return this.parts.backgroundShells;
  }

  get mcpServers(): McpServerStatus[] {
    return this.parts.mcp?.statuses() ?? [];
  }

  /** The language servers: those started (one per language and root) and those available. */
  get languageServers(): ServerStatus[] {
    return this.parts.lsp?.status() ?? [];
  }

  /** `/mcp reconnect [name]`: restarts the MCP server named (all when none), their tools anew. */
  async reconnectMcpServers(name?: string): Promise<McpServerStatus[]> {
    return (await this.parts.mcp?.reconnect(name)) ?? [];
  }

  get messages(): readonly Message[] {
    return this.parts.agent.state.messages;
  }

  /** The agent running the conversation (settings edits are applied to it). */
  get agent(): Agent {
    return this.parts.agent;
  }

  subscribe(listener: (event: CodingSessionEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * The subagents' events (the `task` tool), each with `parentToolCallId` set to the
   * task call that runs it; `subscribe` gets only the session's own agent's events.
   */
  subscribeSubagents(listener: (event: SubagentEvent) => void): () => void {
    return this.parts.subagentEvents?.subscribe(listener) ?? (() => {});
  }

  /**
   * Runs the prompts in order — each a full run (tools, retries, compaction) — and
   * stops at the first that fails. Never throws for an expected failure.
   */
  async run(prompts: readonly string[], options: RunOptions = {}): Promise<RunOutcome> {
    if (this.isStreaming) return { ok: false, aborted: false, errorMessage: BUSY_MESSAGE };
    this.beginRun(options.limits);
    let lastAssistant: AssistantMessage | undefined;
    for (const prompt of prompts) {
      const outcome = await this.runPrompt(prompt, [], {});
      if (outcome.lastAssistant) lastAssistant = outcome.lastAssistant;
      if (!outcome.ok || outcome.plan !== undefined)
        return { ...outcome, lastAssistant: outcome.lastAssistant ?? lastAssistant };
    }
    return { ok: true, aborted: false, lastAssistant };
  }

  /**
   * One run (tools, retries, compaction, follow-ups). While one is in progress another
   * is refused at once with agent-core's `BUSY_MESSAGE` (use `steer` or `followUp`).
   */
  async prompt(
    text: string,
    images: ImageContent[] = [],
    options: PromptOptions = {},
  ): Promise<RunOutcome> {
    if (this.isStreaming) return { ok: false, aborted: false, errorMessage: BUSY_MESSAGE };
    this.beginRun(options.limits);
    return this.runPrompt(text, images, options);
  }

  /** One more prompt in the current run: its turns and cost count toward the same limits. */
  continueRun(text: string): Promise<RunOutcome> {
    return this.runPrompt(text, [], {});
  }

  /** Counting starts anew: the limits given, else the settings' (run-limits.ts). */
  private beginRun(limits: RunLimits | undefined): void {
    this.tally.begin(effectiveLimits(this.parts.settingsLimits?.(), limits));
  }

  /** What the current (or last) run used: model calls, tokens, dollars (`run_end`). */
  get runTotals(): RunTotals {
    return this.tally.totals();
  }

  private async runPrompt(
    text: string,
    images: ImageContent[],
    options: PromptOptions,
  ): Promise<RunOutcome> {
    if (this.isStreaming) return { ok: false, aborted: false, errorMessage: BUSY_MESSAGE };
    // Busy from this moment, also while the settings are checked before the agent starts.
    this.starting = true;
    this.abortRequested = false;
    let previous: AssistantMessage | undefined;
    let running: Promise<void>;
    const expanding = new AbortController();
    this.expanding = expanding;
    try {
      await this.applySettingsChanges();
      const expanded = await this.expand(text, options, expanding.signal);
      if (expanding.signal.aborted)
        return { ok: false, aborted: true, errorMessage: "Aborted before the model answered." };
      if (!expanded.ok) return { ok: false, aborted: false, errorMessage: expanded.error };
      const { prompt } = expanded;
      previous = lastAssistantOf(this.parts.agent.state.messages);
      running = this.parts.agent.prompt(prompt.text, [...images, ...prompt.images], prompt.scope);
    } finally {
      this.starting = false;
      this.expanding = undefined;
    }
    try {
      await running;
    } catch (error) {
      return { ok: false, aborted: false, errorMessage: (error as Error).message };
    }
    // The snapshot after the last tool call is taken before the run counts as over: an edit
    // made by hand after that is the user's, never the agent's (rewind-by-others tests).
    await this.parts.checkpoints?.idle();
    const latest = lastAssistantOf(this.parts.agent.state.messages);
    // No new answer (aborted before the model said anything): not the previous run's.
    const answered = latest !== previous ? latest : undefined;
    const limit = this.tally.stopped;
    if (limit && !this.abortRequested) {
      const errorMessage = this.tally.stopMessage(limit);
      return { ok: false, aborted: false, limit, errorMessage, lastAssistant: answered };
    }
    // The run ended with a plan no one here could approve (print mode): that is its result.
    const plan = this.parts.planMode?.takePresentedPlan();
    if (plan !== undefined) return { ok: true, aborted: false, lastAssistant: answered, plan };
    return this.failureOf(answered) ?? { ok: true, aborted: false, lastAssistant: answered };
  }

  private async expand(
    text: string,
    options: PromptOptions,
    signal: AbortSignal,
  ): Promise<ExpandResult> {
    const commands = this.parts.promptCommands;
    if (!commands) return { ok: true, prompt: { text, images: [] } };
    return commands.expand(text, { ...options, signal });
  }

  /**
   * The prompt commands `/name args` runs (Markdown files and MCP prompts), for a menu;
   * the files are read again at each call.
   */
  promptCommands(): Promise<PromptCommandInfo[]> {
    return this.parts.promptCommands?.list() ?? Promise.resolve([]);
  }

  /** The permission mode (policy/permission-mode.ts): ask, accept-edits, auto or plan. */
  get mode(): SessionMode {
    return this.parts.planMode?.mode ?? "auto";
  }

  /** The mode an approved plan goes on in (the mode before plan mode). */
  get modeAfterPlan(): SessionMode {
    return this.parts.planMode?.afterPlan ?? "auto";
  }

  /** Switches the mode; the model is offered the other tools from its next call on. */
  setMode(mode: SessionMode): void {
    this.parts.planMode?.pick(mode);
  }

  /** The session's permission rules (an editor's own question checks them first). */
  get permissions(): SessionPermissions | undefined {
    return this.parts.permissions;
  }

  /** Interrupts the running loop after the current tool call (packages/agent-core/test/j9-agent-pipeline.test.ts 1.4). */
  steer(text: string): void {
    this.parts.agent.steer(text);
  }

  /** Queued until the running loop has nothing left to do. */
  followUp(text: string): void {
    this.parts.agent.followUp(text);
  }

  /** A run is in progress (or about to start). */
  get isStreaming(): boolean {
    return this.starting || this.parts.agent.state.isStreaming;
  }

  get thinkingLevel(): ThinkingLevel {
    return this.parts.agent.state.thinkingLevel;
  }

  /** Steering and follow-up messages the running loop has not taken yet. */
  get queuedMessages(): { steering: readonly Message[]; followUp: readonly Message[] } {
    return this.parts.agent.queuedMessages;
  }

  get autoCompaction(): boolean {
    return this.parts.agent.autoCompaction;
  }

  /** For this session only (settings `autoCompaction` is the lasting switch). */
  setAutoCompaction(enabled: boolean): void {
    this.parts.agent.setAutoCompaction(enabled);
  }

  /**
   * Compacts now (`/compact`, `gong --compact -c`, RPC `compact`); the summary is saved in
   * the session file like an automatic one.
   */
  compact(instructions?: string): Promise<CompactResult> {
    return this.parts.agent.compact(instructions);
  }

  /** The session-file entry a message of `messages` is stored as (undefined: not yet). */
  entryIdOf(message: Message): string | undefined {
    return this.parts.recorder.entryIdOf(message);
  }

  /** Totals over the session file (every branch) plus this process's tool metrics. */
  stats(): { session: SessionStats; metrics: MetricsSnapshot } {
    return { session: this.parts.store.stats(), metrics: this.parts.agent.metrics };
  }

  /** The current branch as one self-contained HTML page (`exportSessionHtml` for a file). */
  /** The sandbox every bash command of the session runs in (the status line, `get_state`). */
  get sandbox(): SandboxState {
    return this.parts.sandbox ?? { mode: "off", network: true };
  }

  renderHtml(): string {
    const doc = sessionDocument(this.parts.store.header, this.parts.store.getBranch());
    const hidden = this.parts.permissions?.hiddenPaths();
    return renderSessionHtml(withoutHiddenFiles(doc, hidden, homeDir(process.env)));
  }

  /**
   * Writes `renderHtml()` to `out` (relative to the cwd), else to
   * `gong-session-<id>.html` in the cwd, like `gong --export` (`/export`). An existing
   * file is replaced only with `overwrite`.
   */
  exportHtml(out?: string, options: ExportWriteOptions = {}): ExportSessionResult {
    return writeSessionHtml(this.renderHtml(), {
      ...options,
      out,
      cwd: this.parts.cwd ?? this.parts.store.cwd,
      sessionId: this.parts.store.id,
    });
  }

  /**
   * Runs the user's own command with the session's bash (its shell settings and process
   * groups, so `abort` and `close` end it) and adds the output to the context. Refused
   * while a run is in progress: the loop owns the message list then.
   */
  async runBash(command: string, signal?: AbortSignal): Promise<UserBashResult> {
    if (this.isStreaming) throw new Error(BUSY_MESSAGE);
    if (!this.parts.bash || this.parts.cwd === undefined)
      throw new Error("This session has no bash to run commands with.");
    const ran = await runUserBash(this.parts.bash, command, this.parts.cwd, signal);
    this.parts.agent.appendMessage(ran.message);
    return ran;
  }

  /**
   * Writes a new session file holding this session's path from the root to `entryId`
   * and returns it (unlocked, for `createCodingSession({ session: { kind: "open" } })`).
   */
  forkFile(entryId: string): { ok: true; path: string } | { ok: false; error: string } {
    if (!this.parts.store.path)
      return {
        ok: false,
        error: "This session is not saved (--no-session), so it cannot be forked.",
      };
    const forked = this.parts.store.fork(entryId);
    if (!forked.ok) return { ok: false, error: forked.error.message };
    forked.value.close();
    return { ok: true, path: forked.value.path! };
  }

  /**
   * The settings, models.json, context files, skills and hook folders this session's
   * configuration comes from, and when an edit to each applies: for an app that watches
   * them to tell its user (nothing here watches in the background).
   */
  configFiles(): ConfigFileGroup[] {
    return this.parts.configFiles ?? [];
  }

  /**
   * The settings files that were read — gong's and Claude Code's — lowest precedence
   * first (`/session`, RPC `get_state.settingsFiles`).
   */
  get settingsFiles(): readonly string[] {
    return this.parts.settingsFiles?.() ?? [];
  }

  /** The whole conversation tree of the session file (every branch), labels included. */
  tree(): SessionTreeNode[] {
    return this.parts.store.getTree();
  }

  /** The entry the next message is appended to (null for an empty session). */
  get leafId(): string | null {
    return this.parts.store.leafId;
  }

  /**
   * Continues the conversation from `entryId` (`/tree`): the move is recorded, so a
   * resume continues there too, and the agent's messages become that branch's, built as
   * a resume builds them (the latest compaction's summary, then the kept messages). The
   * model and thinking level stay as they are. Refused while a run is in progress.
   */
  moveTo(entryId: string | null): { ok: true } | { ok: false; error: string } {
    if (this.isStreaming) return { ok: false, error: BUSY_MESSAGE };
    // null: back before the first message (a rewind to the session's first prompt).
    if (entryId === null) this.parts.store.resetLeaf();
    else {
      const moved = this.parts.store.branch(entryId);
      if (!moved.ok) return { ok: false, error: moved.error.message };
    }
    const context = this.parts.store.buildContext();
    // Known before the move's event reaches the recorder: the branch is on disk already.
    this.parts.recorder.know(context);
    this.parts.agent.replaceMessages(context.messages);
    this.parts.todos.restore(this.parts.store.getBranch());
    return { ok: true };
  }

  /**
   * The prompts (and rewinds) a rewind can go back to, with the files each would change;
   * an error when this session takes none (checkpoints off, or the home folder: `none`)
   * or the store cannot be written now.
   */
  async checkpoints(): Promise<
    { ok: true; value: CheckpointList } | { ok: false; error: string; none?: true }
  > {
    if (!this.parts.checkpoints) return { ok: true, value: { checkpoints: [], storeBytes: 0 } };
    const refusal = this.parts.checkpoints.refusal;
    if (refusal !== undefined) return { ok: false, error: refusal, none: true };
    return this.parts.checkpoints.list();
  }

  /** What `rewind(entryId, restore)` would change, changing nothing. */
  async planRewind(
    entryId: string,
    restore: RewindRestore,
  ): Promise<{ ok: true; value: RewindPlan } | { ok: false; error: string }> {
    if (this.isStreaming) return { ok: false, error: BUSY_MESSAGE };
    if (!this.parts.checkpoints) return { ok: false, error: "This session keeps no checkpoints." };
    return this.parts.checkpoints.plan(entryId, restore);
  }

  /**
   * Puts the files (`code`), the conversation (the leaf goes to before the prompt) or both
   * back as they were before the prompt `entryId`; first records a checkpoint of how
   * things are, so rewinding to it undoes this. Refused while a run is in progress.
   */
  async rewind(
    plan: RewindPlan,
  ): Promise<{ ok: true; value: RewindOutcome } | { ok: false; error: string }> {
    if (this.isStreaming) return { ok: false, error: BUSY_MESSAGE };
    if (!this.parts.checkpoints) return { ok: false, error: "This session keeps no checkpoints." };
    return this.parts.checkpoints.rewind(plan, (leafId) => {
      const moved = this.moveTo(leafId);
      return moved.ok ? { ok: true, value: undefined } : moved;
    });
  }

  /** Sets the bookmark shown on `entryId` in `/tree`; an empty or undefined label removes it. */
  setLabel(
    entryId: string,
    label: string | undefined,
  ): { ok: true } | { ok: false; error: string } {
    const labelled = this.parts.store.setLabel(entryId, label);
    return labelled.ok ? { ok: true } : { ok: false, error: labelled.error.message };
  }

  setModel(model: Model): void {
    this.parts.agent.setModel(model);
  }

  /**
   * Switches to `provider`/`id` (any provider with a key: the agent asks for the key of
   * the model it calls) and records it; an unknown model or a missing key changes nothing.
   */
  switchModel(
    provider: string,
    id: string,
  ): { ok: true; model: Model; note?: string } | { ok: false; error: string } {
    const resolved = this.parts.resolveModel?.(provider, id);
    if (!resolved) return { ok: false, error: "This session cannot switch models." };
    if (!resolved.ok) return { ok: false, error: resolved.message };
    this.setModel(resolved.model);
    this.remember({ provider: resolved.model.provider, model: resolved.model.id });
    const note = resolved.note === undefined ? {} : { note: resolved.note };
    return { ok: true, model: resolved.model, ...note };
  }

  /** The next start uses what the user chose last (issue 22.9); writes never overlap. */
  private remember(choice: RememberedChoice): void {
    const save = this.parts.remember;
    if (!save) return;
    this.remembering = this.remembering.then(() => save(choice));
  }

  /** Every model the session's registry knows, with whether its provider has a key. */
  availableModels(): ListedModel[] {
    return this.parts.listModels?.() ?? [];
  }

  /** Sets the level and remembers it as the next start's default. */
  setThinkingLevel(level: ThinkingLevel): void {
    this.parts.agent.setThinkingLevel(level);
    this.remember({ thinkingLevel: level });
  }

  /** Stops the run; returns the queued messages it dropped (see `Agent.abort`). */
  abort(): QueuedMessages {
    if (this.isStreaming) this.abortRequested = true;
    this.expanding?.abort();
    return this.parts.agent.abort();
  }

  /**
   * Ends every process group bash started (TERM, then KILL after the grace period),
   * background jobs included, and keeps the session usable: "stop everything" for an
   * editor's abort, which unlike a CLI signal does not end the process.
   */
  async stopProcesses(): Promise<void> {
    await this.parts.processes.dispose();
  }

  /**
   * Runs the Notification hooks (Claude Code's): the app waits for the user, who may be
   * looking elsewhere — where a terminal would ring its bell. Permission questions
   * notify on their own (hooks/permission-asker.ts).
   */
  async notifyWaiting(type: NotificationType, message: string): Promise<void> {
    await this.parts.commandHooks?.notification(type, message);
  }

  /**
   * Waits for the agent, flushes the last messages, ends the background jobs bash
   * started (TERM, then KILL after a grace period) and releases the session lock.
   */
  async close(reason: SessionEndReason = "other"): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.parts.agent.abort();
    await this.parts.agent.waitForIdle();
    // Before the servers and jobs end: a SessionEnd hook may still want them.
    await this.parts.commandHooks?.sessionEnd(reason);
    await this.parts.checkpoints?.idle();
    await this.remembering;
    await this.parts.processes.dispose();
    await this.parts.webConnections.close();
    await this.parts.mcp?.close();
    await this.parts.lsp?.close();
    this.unsubscribeAgent();
    this.unsubscribeSubagentTally();
    this.parts.store.close();
  }

  /**
   * KILLs every process group bash started, at once: for a process that is about to exit
   * without time for `close` (a second Ctrl+C, an `exit` handler).
   */
  killProcesses(): void {
    this.parts.processes.killNow();
    this.parts.mcp?.killNow();
    this.parts.lsp?.killNow();
  }

  private failureOf(last: AssistantMessage | undefined): RunOutcome | undefined {
    const error = this.parts.agent.state.error;
    // Aborted while a tool ran: the last answer is the tool call, which ended normally.
    if (last?.stopReason === "aborted" || (this.abortRequested && last)) {
      return { ok: false, aborted: true, errorMessage: "Aborted.", lastAssistant: last };
    }
    if (error !== undefined || last?.stopReason === "error") {
      let message = oneLine(last?.errorMessage ?? error ?? "The run failed.");
      // Say which server could not be reached: the usual cause is a wrong base URL.
      const baseUrl = this.parts.agent.state.model.baseUrl;
      if (last?.errorKind === "network" && !message.includes(baseUrl))
        message = `${message} (base URL: ${baseUrl})`;
      return { ok: false, aborted: false, errorMessage: message, lastAssistant: last };
    }
    if (!last)
      return { ok: false, aborted: true, errorMessage: "Aborted before the model answered." };
    return undefined;
  }
}

function lastAssistantOf(messages: readonly Message[]): AssistantMessage | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.role === "assistant") return message;
  }
  return undefined;
}

/** The text of an assistant message (what print mode shows). */
export function finalText(message: AssistantMessage): string {
  return message.content
    .filter((part) => part.type === "text")
    .map((part) => (part as { text: string }).text)
    .join("");
}

/** Errors are shown on one line. */
function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, " ").trim();
}
