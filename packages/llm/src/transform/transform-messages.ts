import type {
  AssistantMessage,
  ImageContent,
  Message,
  Model,
  TextContent,
  ToolResultMessage,
  UserMessage,
} from "../types.js";
import { isEmptyAssistant, normalizeContent } from "./content.js";
import { repairOrphanedToolCalls } from "./orphans.js";
import { normalizeToolCallId, toolCallIdFormat } from "./tool-call-ids.js";

const IMAGE_OMITTED = "(image omitted: this model does not accept images)";

/**
 * Prepares a history for `model` (test/transform.test.ts). Pure; applied by `stream` before
 * every request, exported so agent-core can show or count exactly what is sent.
 *
 * 1. content coerced to arrays, string/null tolerated (Pi bug #1434);
 * 2. errored/aborted assistant turns with no content dropped;
 * 3. thinking replayed only to the model that signed it, otherwise it becomes plain
 *    text (redacted thinking is dropped);
 * 4. tool-call ids rewritten to the provider's format, results remapped to match;
 * 5. orphaned calls repaired, orphaned results dropped;
 * 6. images replaced by a note when the model is text-only;
 * 7. two user messages in a row (a prompt whose answer failed, then the next prompt)
 *    merged into one, so roles alternate as providers expect.
 */
export function transformMessages(messages: readonly Message[], model: Model): Message[] {
  const format = toolCallIdFormat(model);
  const idMap = new Map<string, string>();
  const usedIds = new Set<string>();
  const acceptsImages = model.input.includes("image");
  const out: Message[] = [];

  for (const raw of messages) {
    if (!raw || typeof raw !== "object") continue;
    const message = normalizeContent(raw);
    if (message.role === "assistant") {
      if (
        (message.stopReason === "error" || message.stopReason === "aborted") &&
        isEmptyAssistant(message)
      )
        continue;
      out.push(transformAssistant(message, model, format, idMap, usedIds));
    } else if (message.role === "toolResult") {
      const toolCallId = idMap.get(message.toolCallId) ?? message.toolCallId;
      out.push({
        ...message,
        toolCallId,
        content: acceptsImages ? message.content : withoutImages(message.content),
      } satisfies ToolResultMessage);
    } else if (message.role === "user") {
      const user =
        acceptsImages || typeof message.content === "string"
          ? message
          : { ...message, content: withoutImages(message.content) };
      const previous = out.at(-1);
      if (previous?.role === "user") out[out.length - 1] = mergeUserMessages(previous, user);
      else out.push(user);
    }
  }
  return repairOrphanedToolCalls(out);
}

function mergeUserMessages(first: UserMessage, second: UserMessage): UserMessage {
  const parts = (content: UserMessage["content"]) =>
    typeof content === "string" ? [{ type: "text" as const, text: content }] : content;
  return { ...second, content: [...parts(first.content), ...parts(second.content)] };
}

function transformAssistant(
  message: AssistantMessage,
  model: Model,
  format: ReturnType<typeof toolCallIdFormat>,
  idMap: Map<string, string>,
  usedIds: Set<string>,
): AssistantMessage {
  const sameModel =
    message.provider === model.provider && message.model === model.id && message.api === model.api;
  const content: AssistantMessage["content"] = [];
  for (const block of message.content) {
    if (block.type === "thinking") {
      // A signature is only valid for the model that produced it; elsewhere the
      // reasoning survives as text so the next model still sees it.
      if (sameModel && (block.thinkingSignature || model.api !== "anthropic-messages")) {
        content.push(block);
      } else if (!block.redacted && block.thinking.trim() !== "") {
        content.push({ type: "text", text: block.thinking });
      }
    } else if (block.type === "toolCall") {
      let id = idMap.get(block.id);
      if (id === undefined) {
        id = uniqueId(normalizeToolCallId(block.id, format, sameModel), usedIds);
        idMap.set(block.id, id);
      }
      content.push(id === block.id ? block : { ...block, id });
    } else if (block.type === "text") {
      if (block.text !== "") content.push(block);
    }
  }
  return { ...message, content };
}

/** Two different ids must never collapse into one after normalisation (Pi bug #1446). */
function uniqueId(candidate: string, used: Set<string>): string {
  let id = candidate;
  for (let n = 2; used.has(id); n++) {
    const suffix = String(n);
    id = /^[a-zA-Z0-9]{9}$/.test(candidate)
      ? candidate.slice(0, 9 - suffix.length) + suffix
      : `${candidate.slice(0, 60)}_${suffix}`;
  }
  used.add(id);
  return id;
}

function withoutImages(content: (TextContent | ImageContent)[]): (TextContent | ImageContent)[] {
  return content.map((block) =>
    block.type === "image" ? { type: "text", text: IMAGE_OMITTED } : block,
  );
}
