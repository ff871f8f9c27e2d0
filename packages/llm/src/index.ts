export type { AssistantMessageEventSource } from "./event-stream.js";
export { createAssistantMessageEventStream } from "./event-stream.js";
export {
  estimateMessageTokens,
  estimateTextTokens,
  estimateTokens,
  IMAGE_TOKENS,
} from "./tokens.js";
export type * from "./types.js";
