/**
 * The status line and the pickers: model, thinking level, tokens, cost and how full
 * the context is — read with the protocol's `get_state` and `get_session_stats`, and
 * changed with `set_model` and `set_thinking_level`.
 */
import type { Message } from "@gong/runtime";
import { sendCommand } from "./connection.ts";

const THINKING = ["off", "minimal", "low", "medium", "high"];

interface State {
  model: { provider: string; id: string; contextWindow: number };
  thinkingLevel: string;
  isStreaming: boolean;
}

export class StatusBar {
  private modelsLoaded = false;

  constructor(
    private readonly elements: {
      model: HTMLSelectElement;
      thinking: HTMLSelectElement;
      usage: HTMLElement;
    },
    private readonly onError: (text: string) => void,
  ) {
    for (const level of THINKING) elements.thinking.add(new Option(level, level));
    elements.model.addEventListener("change", () => this.pickModel());
    elements.thinking.addEventListener("change", async () => {
      const level = elements.thinking.value;
      const response = await sendCommand({ type: "set_thinking_level", level });
      if (!response.success) this.onError(response.error ?? "");
    });
  }

  /** Reads the state again (after a snapshot, a run, a change of model). */
  async refresh(messages: readonly Message[]): Promise<State | undefined> {
    const [state, stats] = await Promise.all([
      sendCommand({ type: "get_state" }),
      sendCommand({ type: "get_session_stats" }),
    ]);
    if (!state.success) return undefined;
    const current = state.data as State;
    if (!this.modelsLoaded) await this.loadModels();
    const key = `${current.model.provider}/${current.model.id}`;
    if (![...this.elements.model.options].some((option) => option.value === key))
      this.elements.model.add(new Option(key, key));
    this.elements.model.value = key;
    this.elements.thinking.value = current.thinkingLevel;
    const totals = stats.data as { tokens?: { total: number }; cost?: number } | undefined;
    const context = contextTokens(messages);
    const percent = current.model.contextWindow
      ? Math.round((100 * context) / current.model.contextWindow)
      : 0;
    this.elements.usage.textContent = [
      `${(totals?.tokens?.total ?? 0).toLocaleString("en-US")} tokens`,
      `$${(totals?.cost ?? 0).toFixed(4)}`,
      `context ${percent}%`,
    ].join(" · ");
    return current;
  }

  private async loadModels(): Promise<void> {
    const response = await sendCommand({ type: "get_available_models" });
    if (!response.success) return;
    this.modelsLoaded = true;
    const models = (
      response.data as { models: { provider: string; id: string; hasKey: boolean }[] }
    ).models;
    for (const model of models.filter((each) => each.hasKey)) {
      const key = `${model.provider}/${model.id}`;
      this.elements.model.add(new Option(key, key));
    }
  }

  private async pickModel(): Promise<void> {
    const [provider, ...rest] = this.elements.model.value.split("/");
    const response = await sendCommand({
      type: "set_model",
      provider,
      modelId: rest.join("/"),
    });
    if (!response.success) this.onError(response.error ?? "");
  }
}

/** The prompt size of the last answer: what the next call starts from. */
function contextTokens(messages: readonly Message[]): number {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.role !== "assistant" || !message.usage) continue;
    const { input, output, cacheRead, cacheWrite } = message.usage;
    return input + output + cacheRead + cacheWrite;
  }
  return 0;
}
