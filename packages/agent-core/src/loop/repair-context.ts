import { type AssistantMessage, type Message, normalizeContent } from "@gong/llm";

/**
 * Pi bug #1434 (test/j9-agent-regressions.test.ts 4.5): a provider may hand back
 * `content` as a string or null.
 */
export function normalizeAssistantContent(message: AssistantMessage): AssistantMessage {
  return normalizeContent(message) as AssistantMessage;
}

function hasContent(message: AssistantMessage): boolean {
  return message.content.some(
    (part) =>
      (part.type === "text" && part.text.trim() !== "") ||
      (part.type === "thinking" && part.thinking.trim() !== "") ||
      part.type === "toolCall",
  );
}

/** What `finished` made of an errored, aborted or string-content answer (see below). */
const finishedCopies = new WeakMap<Message, Message | undefined>();

/**
 * An errored or aborted turn keeps its text but not its unfinished tool calls (their
 * arguments may be cut off mid-stream); a turn left with nothing is dropped. This is
 * agent-core's own rule — llm keeps such calls and answers them like any orphan. The
 * copy is made once per message: llm caches what it sends by message object.
 */
function finished(original: Message): Message | undefined {
  if (original.role !== "assistant") return original;
  const complete = original.stopReason !== "error" && original.stopReason !== "aborted";
  if (complete && Array.isArray(original.content)) return original;
  if (finishedCopies.has(original)) return finishedCopies.get(original);
  const message = normalizeAssistantContent(original);
  let kept: Message | undefined = message;
  if (!complete) {
    const copy = { ...message, content: message.content.filter((p) => p.type !== "toolCall") };
    kept = hasContent(copy) ? copy : undefined;
  }
  finishedCopies.set(original, kept);
  return kept;
}

/** `messages` without the unfinished tool calls of errored or aborted turns (see `finished`). */
export function dropUnfinishedToolCalls(messages: readonly Message[]): Message[] {
  const out: Message[] = [];
  for (const message of messages) {
    const kept = finished(message);
    if (kept) out.push(kept);
  }
  return out;
}

/**
 * The structure-error repair (test/j9-agent-regressions.test.ts 5.3): thinking blocks become plain text so
 * their order and signatures can no longer be rejected; redacted or empty ones go.
 */
export function thinkingAsText(messages: readonly Message[]): Message[] {
  return messages.map((message) =>
    message.role !== "assistant"
      ? message
      : {
          ...message,
          content: message.content.flatMap((part) =>
            part.type === "thinking"
              ? part.redacted || part.thinking.trim() === ""
                ? []
                : [{ type: "text" as const, text: part.thinking }]
              : [part],
          ),
        },
  );
}

/**
 * agent-core's own repairs of the history before a request (Pi bugs #1454/#1455,
 * test/j9-agent-regressions.test.ts 4.2): the two rules above. The rest — orphaned calls answered with `NO_RESULT_TEXT`,
 * results without a call dropped, ids and thinking fitted to the model — has one owner,
 * llm's `transformMessages`, which `stream` applies to every request; a custom
 * `streamFn` that bypasses `stream` should apply it too.
 */
export function repairContext(
  messages: readonly Message[],
  options: { dropThinking?: boolean } = {},
): Message[] {
  const finished = dropUnfinishedToolCalls(messages);
  return options.dropThinking ? thinkingAsText(finished) : finished;
}
