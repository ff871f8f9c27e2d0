/**
 * The status line and the pickers: model, thinking level, plan mode, bash's sandbox,
 * tokens, cost and how full the context is — read with the protocol's `get_state` and
 * `get_session_stats`, and changed with `set_model`, `set_thinking_level` and `set_mode`.
 */
import type { Message } from "@gong/runtime";
import { sendCommand } from "./connection.ts";

const THINKING = ["off", "minimal", "low", "medium", "high"];

interface State {
  model: { provider: string; id: string; contextWindow: number };
  thinkingLevel: string;
  isStreaming: boolean;
  /** The permission mode (README "Permissions"). */
  mode: "ask" | "accept-edits" | "auto" | "plan";
  sandbox: { mode: string; network: boolean };
}

export class StatusBar {
  private modelsLoaded = false;

  constructor(
    private readonly elements: {
      header: HTMLElement;
      model: HTMLSelectElement;
      thinking: HTMLSelectElement;
      mode: HTMLSelectElement;
      sandbox: HTMLElement;
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
    elements.mode.addEventListener("change", () => this.pickMode());
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
    this.showMode(current.mode);
    // Like the terminal's status line: only a sandbox that is on is named.
    const { mode, network } = current.sandbox;
    this.elements.sandbox.hidden = mode === "off";
    this.elements.sandbox.textContent = `sandbox: ${mode}${network ? ", network" : ""}`;
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

  private async pickMode(): Promise<void> {
    const mode = this.elements.mode.value as State["mode"];
    const before = this.elements.header.dataset.mode as State["mode"];
    const response = await sendCommand({ type: "set_mode", mode });
    if (response.success) this.showMode(mode);
    else {
      this.showMode(before);
      this.onError(response.error ?? "");
    }
  }

  private showMode(mode: State["mode"]): void {
    this.elements.mode.value = mode;
    this.elements.header.dataset.mode = mode;
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
