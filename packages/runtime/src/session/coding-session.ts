import type { Agent, CompactResult } from "@gong/agent-core";
import type { AssistantMessage, Message, Model, ThinkingLevel } from "@gong/llm";
import type { SessionStore } from "@gong/session-store";
import type { ProcessGroups } from "@gong/tools";
import type { CodingSessionEvent, RunOutcome, SessionHeaderLine } from "./options.js";
import type { SessionRecorder } from "./recorder.js";

export interface CodingSessionParts {
  agent: Agent;
  store: SessionStore;
  recorder: SessionRecorder;
  /** The process groups bash started: background jobs live until `close`. */
  processes: ProcessGroups;
  /** Applies the settings files to the agent when they changed since the last call. */
  applySettingsChanges?: () => Promise<void>;
}

/**
 * An agent wired to its session file (issue #7): every message is persisted as it
 * ends, model and thinking changes are recorded, a context file changed on disk is
 * re-read before the next LLM call (the agent's `refreshSystemPrompt` option), and on
 * `close` the background jobs bash started end and the file's lock is released.
 */
export class CodingSession {
  private readonly listeners = new Set<(event: CodingSessionEvent) => void>();
  private readonly unsubscribeAgent: () => void;
  private closed = false;

  constructor(private readonly parts: CodingSessionParts) {
    this.unsubscribeAgent = this.listenTo(parts.agent);
  }

  private listenTo(agent: Agent): () => void {
    return agent.subscribe((event) => {
      // Persist first, so a listener that exits the process never loses the message.
      this.parts.recorder.onEvent(event);
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

  get model(): Model {
    return this.parts.agent.state.model;
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
   * Runs the prompts in order — each a full run (tools, retries, compaction) — and
   * stops at the first that fails. Never throws for an expected failure.
   */
  async run(prompts: readonly string[]): Promise<RunOutcome> {
    let lastAssistant: AssistantMessage | undefined;
    for (const prompt of prompts) {
      await this.applySettingsChanges();
      const previous = lastAssistantOf(this.parts.agent.state.messages);
      try {
        await this.parts.agent.prompt(prompt);
      } catch (error) {
        return { ok: false, aborted: false, errorMessage: (error as Error).message, lastAssistant };
      }
      this.parts.recorder.sync();
      const latest = lastAssistantOf(this.parts.agent.state.messages);
      // No new answer (aborted before the model said anything): not the previous run's.
      const answered = latest !== previous ? latest : undefined;
      if (answered) lastAssistant = answered;
      const failure = this.failureOf(answered);
      if (failure) return failure;
    }
    return { ok: true, aborted: false, lastAssistant };
  }

  /**
   * Compacts the conversation now (`/compact`, `gong --compact -c`); the summary is
   * recorded in the session file like an automatic compaction.
   */
  async compact(): Promise<CompactResult> {
    const result = await this.parts.agent.compact();
    this.parts.recorder.sync();
    return result;
  }

  setModel(model: Model): void {
    this.parts.agent.setModel(model);
    this.parts.store.appendModelChange(model.provider, model.id);
  }

  setThinkingLevel(level: ThinkingLevel): void {
    this.parts.agent.setThinkingLevel(level);
    this.parts.store.appendThinkingLevelChange(level);
  }

  abort(): void {
    this.parts.agent.abort();
  }

  /**
   * Waits for the agent, flushes the last messages, ends the background jobs bash
   * started (TERM, then KILL after a grace period) and releases the session lock.
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.parts.agent.abort();
    await this.parts.agent.waitForIdle();
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
    const error = this.parts.agent.state.error;
    if (last?.stopReason === "aborted") {
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
