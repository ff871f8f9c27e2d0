/**
 * `session.models`: the model and thinking level the session runs with, switching them
 * (`/model`, `/thinking`, RPC `set_model`), and every model the session's registry knows.
 * A change is the agent's `model_change` / `thinking_level_change` event, which the
 * recorder writes to the session file; the user's choice is also saved as the next
 * start's default (issue 22.9).
 */
import type { Agent } from "@gong/agent-core";
import type { ListedModel, Model, ModelResolution, ThinkingLevel } from "@gong/llm";
import type { RememberedChoice } from "@gong/settings";

export interface SessionModelsParts {
  agent: Agent;
  /** A model by provider and id, with its key checked (the session's model registry). */
  resolveModel: (provider: string, id: string) => ModelResolution;
  listModels: () => ListedModel[];
  /** Saves a model or thinking level the user chose as the next start's default. */
  remember: (choice: RememberedChoice) => Promise<void>;
}

export class SessionModels {
  /** Choices being saved to the user settings, in order; `settled` waits for them. */
  private remembering: Promise<void> = Promise.resolve();

  constructor(private readonly parts: SessionModelsParts) {}

  /** The model the next call goes to. */
  get current(): Model {
    return this.parts.agent.state.model;
  }

  get thinkingLevel(): ThinkingLevel {
    return this.parts.agent.state.thinkingLevel;
  }

  /**
   * Switches to `provider`/`id` (any provider with a key: the agent asks for the key of
   * the model it calls) and records it; an unknown model or a missing key changes nothing.
   */
  switch(
    provider: string,
    id: string,
  ): { ok: true; model: Model; note?: string } | { ok: false; error: string } {
    const resolved = this.parts.resolveModel(provider, id);
    if (!resolved.ok) return { ok: false, error: resolved.message };
    this.parts.agent.setModel(resolved.model);
    this.remember({ provider: resolved.model.provider, model: resolved.model.id });
    const note = resolved.note === undefined ? {} : { note: resolved.note };
    return { ok: true, model: resolved.model, ...note };
  }

  /** Sets the level and remembers it as the next start's default. */
  setThinkingLevel(level: ThinkingLevel): void {
    this.parts.agent.setThinkingLevel(level);
    this.remember({ thinkingLevel: level });
  }

  /** Every model the session's registry knows, with whether its provider has a key. */
  available(): ListedModel[] {
    return this.parts.listModels();
  }

  /** Waits for the choices being saved (the session's `close`). */
  settled(): Promise<void> {
    return this.remembering;
  }

  /** The next start uses what the user chose last; writes never overlap. */
  private remember(choice: RememberedChoice): void {
    const save = this.parts.remember;
    this.remembering = this.remembering.then(() => save(choice));
  }
}
