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
import { HISTORIES_KEPT, HistoryCache } from "./history-cache.js";
import { repairOrphanedToolCalls } from "./orphans.js";
import { normalizeToolCallId, type ToolCallIdFormat, toolCallIdFormat } from "./tool-call-ids.js";

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
  return historyTransformFor(messages, model).update(messages);
}

/*
 * The `HistoryTransform` of a history, kept between calls: a session sends its whole
 * history on every call, and the history only grows between two of them. A history is
 * known by its first message (a compaction or another branch starts a new one); one
 * transform per model it was sent to, for the last `HISTORIES_KEPT` histories.
 */
const transforms = new HistoryCache<Map<string, HistoryTransform>>(HISTORIES_KEPT);

/** What the transform depends on in a model. */
function modelKey(model: Model): string {
  const images = model.input.includes("image") ? "images" : "text";
  return [model.api, model.provider, model.id, toolCallIdFormat(model), images].join("\n");
}

/**
 * The transform that has folded a prefix of `messages` for `model`; a new one when
 * none has (a message before the end was replaced, removed or reordered).
 */
function historyTransformFor(messages: readonly Message[], model: Model): HistoryTransform {
  const first = messages[0];
  if (!first || typeof first !== "object") return new HistoryTransform(model);
  let byModel = transforms.get(first);
  if (!byModel) {
    byModel = new Map();
    transforms.set(first, byModel);
  }
  const key = modelKey(model);
  const known = byModel.get(key);
  if (known?.extends(messages)) return known;
  const fresh = new HistoryTransform(model);
  byModel.set(key, fresh);
  return fresh;
}

/**
 * `transformMessages` as a fold over one history for one model, so a history that only
 * grew is transformed only where it grew: ids are mapped as they come, and orphans are
 * repaired again only from the last message that is not a tool result (before it,
 * every turn is closed and its repair final).
 */
class HistoryTransform {
  private readonly format: ToolCallIdFormat;
  private readonly acceptsImages: boolean;
  private readonly idMap = new Map<string, string>();
  private readonly usedIds = new Set<string>();
  /** The messages folded so far, as given (what `extends` compares by identity). */
  private readonly inputs: Message[] = [];
  /** Rules 1–4, 6 and 7 applied; orphans not yet repaired. */
  private readonly transformed: Message[] = [];
  /** `transformed` before `openTurn`, orphans repaired: it never changes again. */
  private readonly settled: Message[] = [];
  /** Index in `transformed` of the last message that is not a tool result. */
  private openTurn = 0;

  constructor(private readonly model: Model) {
    this.format = toolCallIdFormat(model);
    this.acceptsImages = model.input.includes("image");
  }

  /** Whether `messages` starts with every message folded so far, the same objects in order. */
  extends(messages: readonly Message[]): boolean {
    if (messages.length < this.inputs.length) return false;
    for (let i = 0; i < this.inputs.length; i++) if (messages[i] !== this.inputs[i]) return false;
    return true;
  }

  /** The transformed history of `messages`, which must `extend` what was folded. */
  update(messages: readonly Message[]): Message[] {
    for (let i = this.inputs.length; i < messages.length; i++) {
      const raw = messages[i]!;
      this.inputs.push(raw);
      this.add(raw);
    }
    // A closed turn's repair is final: only the open one is repaired on every call.
    let last = this.transformed.length - 1;
    while (last > this.openTurn && this.transformed[last]?.role === "toolResult") last--;
    if (last > this.openTurn) {
      // A loop, not push(...): a resumed history can exceed the arguments a call may take.
      for (const message of repairOrphanedToolCalls(this.transformed.slice(this.openTurn, last)))
        this.settled.push(message);
      this.openTurn = last;
    }
    return [...this.settled, ...repairOrphanedToolCalls(this.transformed.slice(this.openTurn))];
  }

  private add(raw: Message): void {
    if (!raw || typeof raw !== "object") return;
    const message = normalizeContent(raw);
    const out = this.transformed;
    if (message.role === "assistant") {
      if (
        (message.stopReason === "error" || message.stopReason === "aborted") &&
        isEmptyAssistant(message)
      )
        return;
      out.push(transformAssistant(message, this.model, this.format, this.idMap, this.usedIds));
    } else if (message.role === "toolResult") {
      out.push(transformResult(message, this.idMap, this.acceptsImages));
    } else if (message.role === "user") {
      const user =
        this.acceptsImages ||
        typeof message.content === "string" ||
        !message.content.some((block) => block.type === "image")
          ? message
          : { ...message, content: withoutImages(message.content) };
      const previous = out.at(-1);
      if (previous?.role === "user") out[out.length - 1] = mergeUserMessages(previous, user);
      else out.push(user);
    }
  }
}

/**
 * A result answering its call's (maybe rewritten) id. Unchanged, it is the same object:
 * what is sent is cached per message (anthropic-body.ts).
 */
function transformResult(
  message: ToolResultMessage,
  idMap: Map<string, string>,
  acceptsImages: boolean,
): ToolResultMessage {
  const toolCallId = idMap.get(message.toolCallId) ?? message.toolCallId;
  const hasImages = !acceptsImages && message.content.some((block) => block.type === "image");
  if (toolCallId === message.toolCallId && !hasImages) return message;
  return {
    ...message,
    toolCallId,
    content: hasImages ? withoutImages(message.content) : message.content,
  };
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
  // Nothing rewritten: the same object (see transformResult).
  const unchanged =
    content.length === message.content.length &&
    content.every((block, i) => block === message.content[i]);
  return unchanged ? message : { ...message, content };
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
