import type { Agent } from "@gong/agent-core";
import type { AssistantMessage, Message, Model, ThinkingLevel } from "@gong/llm";
import type { SessionStore } from "@gong/session-store";
import type { ProcessGroups, Todo, TodoStore } from "@gong/tools";
import type { CodingSessionEvent, RunOutcome, SessionHeaderLine } from "./options.js";
import type { SessionRecorder } from "./recorder.js";

export interface CodingSessionParts {
  agent: Agent;
  store: SessionStore;
  recorder: SessionRecorder;
  /** The process groups bash started: background jobs live until `close`. */
  processes: ProcessGroups;
  /** todo_write's list, restored from the session's branch. */
  todos: TodoStore;
  /** A new agent when the settings files changed since the last call, else undefined. */
  reloadAgent?: (current: Agent) => Promise<Agent | undefined>;
}

/**
 * An agent wired to its session file (issue #7): every message is persisted as it
 * ends, model and thinking changes are recorded, a context file changed on disk is
 * re-read before the next LLM call (the agent's `refreshSystemPrompt` option), and on
 * `close` the background jobs bash started end and the file's lock is released.
 */
export class CodingSession {
  private readonly listeners = new Set<(event: CodingSessionEvent) => void>();
  private unsubscribeAgent: () => void;
  private currentAgent: Agent;
  private closed = false;

  constructor(private readonly parts: CodingSessionParts) {
    this.currentAgent = parts.agent;
    this.unsubscribeAgent = this.listenTo(parts.agent);
  }

  private listenTo(agent: Agent): () => void {
    return agent.subscribe((event) => {
      // Persist first, so a listener that exits the process never loses the message.
      this.parts.recorder.onEvent(event);
      for (const listener of this.listeners) listener(event);
    });
  }

  /** Swaps in an agent rebuilt for changed settings; the conversation carries over. */
  private async applySettingsChanges(): Promise<void> {
    const next = await this.parts.reloadAgent?.(this.currentAgent);
    if (!next) return;
    this.unsubscribeAgent();
    this.currentAgent = next;
    this.unsubscribeAgent = this.listenTo(next);
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

  get model(): Model {
    return this.currentAgent.state.model;
  }

  /**
   * The current todo list: what a UI shows on opening a resumed session, before any
   * todo_write result (`data.todos` in `tool_execution_end`) updates it.
   */
  get todos(): readonly Todo[] {
    return this.parts.todos.get();
  }

  get messages(): readonly Message[] {
    return this.currentAgent.state.messages;
  }

  /** The agent running the conversation (replaced when the settings files change). */
  get agent(): Agent {
    return this.currentAgent;
  }

  subscribe(listener: (event: CodingSessionEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Runs the prompts in order — each a full run (tools, retries, compaction) — and
   * stops at the first that fails. Never throws for an expected failure.
   */
  async run(prompts: readonly string[]): Promise<RunOutcome> {
    let lastAssistant: AssistantMessage | undefined;
    for (const prompt of prompts) {
      await this.applySettingsChanges();
      const previous = lastAssistantOf(this.currentAgent.state.messages);
      try {
        await this.currentAgent.prompt(prompt);
      } catch (error) {
        return { ok: false, aborted: false, errorMessage: (error as Error).message, lastAssistant };
      }
      this.parts.recorder.sync();
      const latest = lastAssistantOf(this.currentAgent.state.messages);
      // No new answer (aborted before the model said anything): not the previous run's.
      const answered = latest !== previous ? latest : undefined;
      if (answered) lastAssistant = answered;
      const failure = this.failureOf(answered);
      if (failure) return failure;
    }
    return { ok: true, aborted: false, lastAssistant };
  }

  setModel(model: Model): void {
    this.currentAgent.setModel(model);
    this.parts.store.appendModelChange(model.provider, model.id);
  }

  setThinkingLevel(level: ThinkingLevel): void {
    this.currentAgent.setThinkingLevel(level);
    this.parts.store.appendThinkingLevelChange(level);
  }

  abort(): void {
    this.currentAgent.abort();
  }

  /**
   * Waits for the agent, flushes the last messages, ends the background jobs bash
   * started (TERM, then KILL after a grace period) and releases the session lock.
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.currentAgent.abort();
    await this.currentAgent.waitForIdle();
    // Flushed first: a second Ctrl+C during the kill's grace period loses nothing.
    this.parts.recorder.sync();
    await this.parts.processes.dispose();
    this.unsubscribeAgent();
    this.parts.store.close();
  }

  /**
   * KILLs every process group bash started, at once: for a process that is about to exit
   * without time for `close` (a second Ctrl+C, an `exit` handler).
   */
  killProcesses(): void {
    this.parts.processes.killNow();
  }

  private failureOf(last: AssistantMessage | undefined): RunOutcome | undefined {
    const error = this.currentAgent.state.error;
    if (last?.stopReason === "aborted") {
      return { ok: false, aborted: true, errorMessage: "Aborted.", lastAssistant: last };
    }
    if (error !== undefined || last?.stopReason === "error") {
      let message = oneLine(last?.errorMessage ?? error ?? "The run failed.");
      // Say which server could not be reached: the usual cause is a wrong base URL.
      const baseUrl = this.currentAgent.state.model.baseUrl;
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
