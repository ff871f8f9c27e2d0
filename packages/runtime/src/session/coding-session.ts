import { type Agent, BUSY_MESSAGE, type QueuedMessages } from "@gong/agent-core";
import type { ToolResponse } from "@gong/base";
import type { SessionCheckpoints } from "@gong/checkpoints";
import type { CommandHooks, SessionEndReason } from "@gong/hooks";
import type { AssistantMessage, ImageContent, Message, UserMessage } from "@gong/llm";
import type { LanguageServers } from "@gong/lsp";
import type { McpServers } from "@gong/mcp";
import type { SessionPermissions } from "@gong/policy";
import type { SessionStore } from "@gong/session-store";
import type { BackgroundShells, ProcessGroups, Todo, Tool, WebConnections } from "@gong/tools";
import type { SessionRecorder } from "../agent/recorder.js";
import type { PromptCommands } from "../commands/prompt-commands.js";
import { runUserBash } from "../commands/user-bash.js";
import type { PlanMode } from "../plan/plan-mode.js";
import type { SubagentEvent, SubagentEvents } from "../subagents/subagent-events.js";
import { Checkpoints } from "./checkpoints.js";
import { CompactionControl } from "./compaction.js";
import { SessionConfig, type SessionConfigParts } from "./config.js";
import { SessionFile } from "./file.js";
import { LspControl } from "./lsp.js";
import { McpControl } from "./mcp.js";
import { ModeSwitch } from "./mode.js";
import { SessionModels, type SessionModelsParts } from "./models.js";
import type { CodingSessionEvent, RunOutcome } from "./options.js";
import { SessionProcesses } from "./processes.js";
import { effectiveLimits, type RunLimits, type RunTally } from "./run-limits.js";
import type { SessionTodoStore } from "./todo-store.js";
import { SessionTree } from "./tree.js";

/**
 * Everything a session is made of (create-session.ts builds them): each part is required,
 * `undefined` where the session has none (no MCP server, no bash).
 */
export interface CodingSessionParts {
  agent: Agent;
  store: SessionStore;
  /** The one writer of the session file. */
  recorder: SessionRecorder;
  /** The process groups bash started: background jobs live until `close`. */
  processes: ProcessGroups;
  /** bash's background shells (run_in_background): listed and killed from the UIs. */
  backgroundShells: BackgroundShells | undefined;
  /** web_fetch's pooled connections, shared by every tool set: closed with the session. */
  webConnections: WebConnections;
  /** The session's MCP servers: every server process ends with the session. */
  mcp: McpServers | undefined;
  /** The session's language servers: every server process ends with the session. */
  lsp: LanguageServers | undefined;
  /** todo_write's list, restored from the session's branch. */
  todos: SessionTodoStore;
  /** Applies the settings files to the agent when they changed since the last call. */
  applySettingsChanges: () => Promise<void>;
  /** The bash tool the user's own commands run with (`runBash`), same shell settings. */
  bash: Tool | undefined;
  cwd: string;
  models: Omit<SessionModelsParts, "agent">;
  /** The configuration files, settings files read and bash's sandbox (`session.config`). */
  config: Pick<SessionConfigParts, "configFiles" | "settingsFiles" | "sandbox">;
  /** `/name args`: the prompt commands of the session's folders and MCP servers. */
  promptCommands: PromptCommands;
  /** Plan mode: which tools the model is offered until the user approves a plan. */
  planMode: PlanMode;
  /** The permission rules and "always" answers of this session. */
  permissions: SessionPermissions;
  /** Snapshots of the project's files at each prompt and before changing tool calls. */
  checkpoints: SessionCheckpoints;
  /** The task tool's subagents send their events here. */
  subagentEvents: SubagentEvents;
  /** The settings' command hooks: SessionEnd (here) and Notification (`config.notify`). */
  commandHooks: CommandHooks | undefined;
  /** Counts each run's model calls and cost, and stops a run at its limits. */
  tally: RunTally;
  /** Settings `limits` as they are now: a run's defaults. */
  settingsLimits: () => RunLimits | undefined;
}

export interface PromptOptions {
  /** `@path` in the text attaches the file's content (the interactive editor's prompts). */
  attachFiles?: boolean;
  /** This run's limits (RPC `prompt {limits}`); each one given wins over settings `limits`. */
  limits?: RunLimits;
}

/** An outcome before its `totals` are added (`withTotals`). */
type RunResult = Omit<RunOutcome, "totals">;

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
 * file's lock is released. Runs are its own members; the rest is found by name, each
 * documented in its own file: `file` (file.ts), `tree` (tree.ts), `models` (models.ts),
 * `checkpoints` (checkpoints.ts), `mode` (mode.ts), `mcp` (mcp.ts), `lsp` (lsp.ts), `compaction`
 * (compaction.ts), `config` (config.ts), `processes` (processes.ts).
 */
export class CodingSession {
  /** The session file: path, header, name, totals, HTML export. */
  readonly file: SessionFile;
  /** The conversation tree: branches, the leaf, moves, labels, forks. */
  readonly tree: SessionTree;
  /** The model and thinking level, switching them, the models available. */
  readonly models: SessionModels;
  /** The prompts a rewind can go back to, and the rewind. */
  readonly checkpoints: Checkpoints;
  /** `default` or `plan`. */
  readonly mode: ModeSwitch;
  /** The MCP servers and their restart. */
  readonly mcp: McpControl;
  /** The language servers. */
  readonly lsp: LspControl;
  /** Compacting now, and the automatic compaction's switch. */
  readonly compaction: CompactionControl;
  /** The configuration files, permission rules, sandbox and prompt commands. */
  readonly config: SessionConfig;
  /** The processes bash and the MCP servers started. */
  readonly processes: SessionProcesses;

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

  constructor(private readonly parts: CodingSessionParts) {
    const { agent, store, recorder, cwd } = parts;
    const busy = () => this.isStreaming;
    this.tally = parts.tally;
    this.file = new SessionFile({ store, recorder, agent, cwd, permissions: parts.permissions });
    this.tree = new SessionTree({ store, recorder, agent, todos: parts.todos, busy });
    this.models = new SessionModels({ agent, ...parts.models });
    this.checkpoints = new Checkpoints({ checkpoints: parts.checkpoints, tree: this.tree, busy });
    this.mode = new ModeSwitch(parts.planMode);
    this.mcp = new McpControl(parts.mcp);
    this.lsp = new LspControl(parts.lsp);
    this.compaction = new CompactionControl(agent);
    this.config = new SessionConfig({
      ...parts.config,
      permissions: parts.permissions,
      promptCommands: parts.promptCommands,
      commandHooks: parts.commandHooks,
    });
    this.processes = new SessionProcesses(
      parts.processes,
      parts.mcp,
      parts.lsp,
      parts.backgroundShells,
    );
    this.unsubscribeAgent = this.listenTo(agent);
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
      this.parts.checkpoints.observe(event, (message) => this.parts.recorder.entryIdOf(message));
      for (const listener of this.listeners) listener(event);
    });
  }

  /**
   * The current todo list: what a UI shows on opening a resumed session, before any
   * todo_write result (`data.todos` in `tool_execution_end`) updates it.
   */
  get todos(): readonly Todo[] {
    return this.parts.todos.get();
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
    return this.parts.subagentEvents.subscribe(listener);
  }

  /**
   * Runs the prompts in order — each a full run (tools, retries, compaction) — and
   * stops at the first that fails. Never throws for an expected failure.
   */
  async run(prompts: readonly string[], options: RunOptions = {}): Promise<RunOutcome> {
    return this.withTotals(await this.runPrompts(prompts, options));
  }

  private async runPrompts(prompts: readonly string[], options: RunOptions): Promise<RunResult> {
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
    if (this.isStreaming)
      return this.withTotals({ ok: false, aborted: false, errorMessage: BUSY_MESSAGE });
    this.beginRun(options.limits);
    return this.withTotals(await this.runPrompt(text, images, options));
  }

  /** One more prompt in the current run: its turns and cost count toward the same limits. */
  async continueRun(text: string): Promise<RunOutcome> {
    return this.withTotals(await this.runPrompt(text, [], {}));
  }

  /** What the current (or last) run used: model calls, tokens, dollars (`run_end`). */
  private withTotals(result: RunResult): RunOutcome {
    return { ...result, totals: this.tally.totals() };
  }

  /** Counting starts anew: the limits given, else the settings' (run-limits.ts). */
  private beginRun(limits: RunLimits | undefined): void {
    this.tally.begin(effectiveLimits(this.parts.settingsLimits(), limits));
  }

  private async runPrompt(
    text: string,
    images: ImageContent[],
    options: PromptOptions,
  ): Promise<RunResult> {
    if (this.isStreaming) return { ok: false, aborted: false, errorMessage: BUSY_MESSAGE };
    // Busy from this moment, also while the settings are checked before the agent starts.
    this.starting = true;
    this.abortRequested = false;
    let previous: AssistantMessage | undefined;
    let running: Promise<void>;
    const expanding = new AbortController();
    this.expanding = expanding;
    try {
      await this.parts.applySettingsChanges();
      const expanded = await this.parts.promptCommands.expand(text, {
        ...options,
        signal: expanding.signal,
      });
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
    return this.outcome(previous);
  }

  /** How the run that started after `previous` ended. */
  private async outcome(previous: AssistantMessage | undefined): Promise<RunResult> {
    // The snapshot after the last tool call is taken before the run counts as over: an edit
    // made by hand after that is the user's, never the agent's (rewind-by-others tests).
    await this.parts.checkpoints.idle();
    const latest = lastAssistantOf(this.parts.agent.state.messages);
    // No new answer (aborted before the model said anything): not the previous run's.
    const answered = latest !== previous ? latest : undefined;
    const limit = this.tally.stopped;
    if (limit && !this.abortRequested) {
      const errorMessage = this.tally.stopMessage(limit);
      return { ok: false, aborted: false, limit, errorMessage, lastAssistant: answered };
    }
    // The run ended with a plan no one here could approve (print mode): that is its result.
    const plan = this.parts.planMode.takePresentedPlan();
    if (plan !== undefined) return { ok: true, aborted: false, lastAssistant: answered, plan };
    return this.failureOf(answered) ?? { ok: true, aborted: false, lastAssistant: answered };
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

  /** Steering and follow-up messages the running loop has not taken yet. */
  get queuedMessages(): { steering: readonly Message[]; followUp: readonly Message[] } {
    return this.parts.agent.queuedMessages;
  }

  /**
   * Runs the user's own command with the session's bash (its shell settings and process
   * groups, so `abort` and `close` end it) and adds the output to the context. Refused
   * while a run is in progress: the loop owns the message list then.
   */
  async runBash(command: string, signal?: AbortSignal): Promise<UserBashResult> {
    if (this.isStreaming) throw new Error(BUSY_MESSAGE);
    if (!this.parts.bash) throw new Error("This session has no bash to run commands with.");
    const ran = await runUserBash(this.parts.bash, command, this.parts.cwd, signal);
    this.parts.agent.appendMessage(ran.message);
    return ran;
  }

  /** Stops the run; returns the queued messages it dropped (see `Agent.abort`). */
  abort(): QueuedMessages {
    if (this.isStreaming) this.abortRequested = true;
    this.expanding?.abort();
    return this.parts.agent.abort();
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
    await this.parts.checkpoints.idle();
    await this.models.settled();
    await this.parts.processes.dispose();
    await this.parts.webConnections.close();
    await this.parts.mcp?.close();
    await this.parts.lsp?.close();
    this.unsubscribeAgent();
    this.unsubscribeSubagentTally();
    this.parts.store.close();
  }

  private failureOf(last: AssistantMessage | undefined): RunResult | undefined {
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
