import type { ToolResponse } from "@gong/base";
import {
  estimateTextTokens,
  estimateTokens,
  type ImageContent,
  type Message,
  type ToolResultMessage,
} from "@gong/llm";
import type { ObservationTruncator } from "@gong/truncate";
import { fitResults, resultsBudgetTokens } from "../results-budget.js";
import { prunedOutputStub } from "./prune.js";

export interface FitKeptOptions {
  contextWindow: number;
  /** The most tokens the compacted context may take (the compaction threshold). */
  maxContextTokens: number;
  /** Tokens of what comes before the kept messages: the system prompt and the summary. */
  fixedTokens: number;
  truncator: ObservationTruncator | undefined;
}

export interface FittedKept {
  messages: Message[];
  /** How many kept tool results were cut shorter or replaced by a stub. */
  shortened: number;
}

function isEnvelope(value: unknown): value is ToolResponse {
  const candidate = value as Partial<ToolResponse> | null;
  return (
    typeof candidate === "object" &&
    candidate !== null &&
    typeof candidate.status === "string" &&
    typeof candidate.text === "string"
  );
}

function textOf(message: ToolResultMessage): string {
  return message.content.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("\n");
}

/** The envelope a kept result was stored with, or one made of its text (a pruned stub has none). */
function envelopeOf(message: ToolResultMessage): ToolResponse {
  if (isEnvelope(message.details) && message.details.text === textOf(message)) {
    return message.details;
  }
  return {
    status: message.isError ? "error" : "success",
    data: {},
    text: textOf(message),
    stats: { time_ms: 0 },
    context: { cwd: ".", params_input: {} },
  };
}

function withEnvelope(message: ToolResultMessage, envelope: ToolResponse): ToolResultMessage {
  const images = message.content.filter((part): part is ImageContent => part.type === "image");
  return {
    ...message,
    content: [{ type: "text", text: envelope.text }, ...images],
    details: envelope,
  };
}

/** Index ranges of the tool results that follow each assistant message. */
function resultGroups(messages: readonly Message[]): [number, number][] {
  const groups: [number, number][] = [];
  let start = -1;
  messages.forEach((message, i) => {
    if (message.role === "toolResult") {
      if (start < 0) start = i;
      return;
    }
    if (start >= 0) groups.push([start, i]);
    start = -1;
  });
  if (start >= 0) groups.push([start, messages.length]);
  return groups;
}

/**
 * The messages a compaction keeps verbatim, made to fit after it (issue 34.5; apps/cli/
 * test/many-subagents.test.ts): the results of each kept message within the budget every
 * new message gets (results-budget.ts: spilled, or their preview cut shorter), then, while
 * the context is still over `maxContextTokens`, the oldest kept results replaced by stubs.
 * A session from before the results budget (50 results of 50 KB after one message) can
 * continue this way. Unchanged messages stay the same objects.
 */
export async function fitKeptMessages(
  kept: readonly Message[],
  options: FitKeptOptions,
): Promise<FittedKept> {
  const messages = [...kept];
  const changed = new Set<number>();
  const budget = resultsBudgetTokens(options.contextWindow);
  for (const [start, end] of resultGroups(messages)) {
    const group = messages.slice(start, end) as ToolResultMessage[];
    const fitted = await fitResults(
      group.map((message) => ({ envelope: envelopeOf(message), toolName: message.toolName })),
      budget,
      options.truncator,
    );
    fitted.forEach((envelope, i) => {
      if (envelope.text === textOf(group[i]!)) return;
      messages[start + i] = withEnvelope(group[i]!, envelope);
      changed.add(start + i);
    });
  }
  let total = options.fixedTokens + estimateTokens(messages);
  for (let i = 0; i < messages.length && total > options.maxContextTokens; i++) {
    const message = messages[i]!;
    if (message.role !== "toolResult") continue;
    const stub = prunedOutputStub(message);
    if (textOf(message) === stub) continue;
    total -= estimateTextTokens(textOf(message)) - estimateTextTokens(stub);
    messages[i] = { ...message, content: [{ type: "text", text: stub }] };
    changed.add(i);
  }
  return { messages, shortened: changed.size };
}
