import { emptyUsage } from "./models/cost.js";
import type { AssistantMessage, Model, StopReason } from "./types.js";

/** An assistant message with no content yet, stamped with the model that answers it. */
export function emptyAssistantMessage(model: Model, stopReason: StopReason): AssistantMessage {
  return {
    role: "assistant",
    content: [],
    api: model.api,
    provider: model.provider,
    model: model.id,
    usage: emptyUsage(),
    stopReason,
    timestamp: Date.now(),
  };
}
