import {
  type AssistantMessage,
  compactionSummaryText,
  estimateMessageTokens,
  estimateTextTokens,
  extractCompactionSummary,
  type Message,
  type Model,
  type StreamFunction,
  type StreamOptions,
  type UserMessage,
} from "@gong/llm";
import type { ObservationTruncator } from "@gong/truncate";
import { contextTokens } from "./context-tokens.js";
import { explicitCutPoint, findCutPoint, turnStartBefore } from "./cut-point.js";
import { collectFilesTouched, fileLists, formatFileLists, parseFileLists } from "./file-ops.js";
import { fitKeptMessages } from "./fit-kept.js";
import { pruneToolOutputs } from "./prune.js";
import { buildSummaryRequest, SUMMARY_SYSTEM_PROMPT } from "./summary-prompt.js";
import type { CompactionResult } from "./types.js";

export interface CompactOptions {
  messages: readonly Message[];
  model: Model;
  streamFn: StreamFunction;
  /** Counted in the token total; never summarised (it is not in `messages`; test/j12-compaction.test.ts 2.3). */
  systemPrompt?: string;
  streamOptions?: StreamOptions;
  /** About this many recent tokens stay verbatim (default 20 000). */
  keepRecentTokens?: number;
  /** When given, a context at or under this many tokens is left alone (test/j12-compaction.test.ts 2.1). */
  maxTokens?: number;
  signal?: AbortSignal;
  /** Usage of messages before this index is not trusted (see `contextTokens`). */
  trustUsageFrom?: number;
  /** Output limit of the summary call (default: 80 % of 16 384, within the model's limit). */
  maxSummaryTokens?: number;
  /** What the user wants the summary to focus on (`/compact <instructions>`). */
  customInstructions?: string;
  /**
   * The most tokens the compacted context may take (default: the model's window); kept
   * tool results are cut until it fits (fit-kept.ts).
   */
  maxContextTokens?: number;
  /** Spills kept tool results cut to the results budget (the agent's truncator). */
  truncator?: ObservationTruncator;
}

/** Each old tool output is cut to this before it goes to the summarizer. */
const SUMMARY_TOOL_OUTPUT_CHARS = 2000;

function capToolOutputs(messages: readonly Message[]): Message[] {
  return messages.map((message) => {
    if (message.role !== "toolResult") return message;
    return {
      ...message,
      content: message.content.map((part) =>
        part.type === "text" && part.text.length > SUMMARY_TOOL_OUTPUT_CHARS
          ? {
              type: "text" as const,
              text: `${part.text.slice(0, SUMMARY_TOOL_OUTPUT_CHARS)}\n[… ${part.text.length - SUMMARY_TOOL_OUTPUT_CHARS} more characters pruned]`,
            }
          : part,
      ),
    };
  });
}

function summaryText(message: { content: unknown }): string {
  if (!Array.isArray(message.content)) {
    return typeof message.content === "string" ? message.content : "";
  }
  return message.content
    .flatMap((p: { type: string; text?: string }) => (p.type === "text" && p.text ? [p.text] : []))
    .join("")
    .trim();
}

export interface CompactionPlan {
  /** The earlier summary, when the conversation starts with one. */
  previousSummary: string | undefined;
  /** First message to summarise (1 when there is an earlier summary). */
  start: number;
  /** First message kept verbatim. */
  cut: number;
}

/**
 * Where a compaction would cut; `undefined` when there is nothing to summarise. Only an
 * automatic compaction keeps the whole keep-recent window; an `explicit` one falls back
 * to `explicitCutPoint` when the window would keep everything.
 */
export function planCompaction(
  messages: readonly Message[],
  keepRecentTokens: number,
  explicit = false,
): CompactionPlan | undefined {
  const first = messages[0];
  const previousSummary = first ? extractCompactionSummary(first) : undefined;
  const start = previousSummary !== undefined ? 1 : 0;
  let cut = findCutPoint(messages, keepRecentTokens);
  if (cut <= start && explicit) cut = explicitCutPoint(messages, start);
  return cut > start ? { previousSummary, start, cut } : undefined;
}

/**
 * Compacts a conversation (test/j12-compaction.test.ts; docs/behaviours.md): keeps the recent messages verbatim from a
 * valid cut point, summarises the rest with the structured prompt (updating an earlier
 * summary incrementally), keeps the last user message verbatim even when the cut falls
 * inside its turn, and appends the read/modified file lists. If the summary call fails
 * the old tool outputs are replaced by stubs instead — one attempt, never a loop.
 * Returns `undefined` when there is nothing to compact (or it was aborted).
 */
export async function compactMessages(
  options: CompactOptions,
): Promise<CompactionResult | undefined> {
  const { messages } = options;
  const tokensBefore = contextTokens(messages, options.systemPrompt, options.trustUsageFrom);
  if (options.maxTokens !== undefined && tokensBefore <= options.maxTokens) return undefined;

  const plan = planCompaction(messages, options.keepRecentTokens ?? 20_000);
  if (!plan) return undefined;
  return compactWithPlan(options, plan, tokensBefore);
}

/**
 * The messages kept verbatim after the cut. When the cut is inside a turn, the request
 * that started it is kept too (`splitTurn`).
 */
function keptMessages(
  messages: readonly Message[],
  start: number,
  cut: number,
): { kept: Message[]; splitTurn: boolean } {
  const kept = messages.slice(cut);
  if (kept[0]?.role === "user") return { kept, splitTurn: false };
  const turnStart = turnStartBefore(messages, cut - 1);
  if (turnStart < start) return { kept, splitTurn: false };
  return { kept: [messages[turnStart]!, ...kept], splitTurn: true };
}

/** Asks the model to summarize `toSummarize` and waits for its answer. */
async function requestSummary(
  options: CompactOptions,
  toSummarize: Message[],
  previousSummary: string | undefined,
  splitTurn: boolean,
): Promise<AssistantMessage> {
  const { model } = options;
  const request: UserMessage = {
    role: "user",
    content: [
      {
        type: "text",
        text: buildSummaryRequest(
          capToolOutputs(toSummarize),
          previousSummary,
          splitTurn,
          options.customInstructions,
        ),
      },
    ],
    timestamp: Date.now(),
  };
  const stream = options.streamFn(
    model,
    { systemPrompt: SUMMARY_SYSTEM_PROMPT, messages: [request] },
    {
      ...options.streamOptions,
      maxTokens: Math.min(model.maxTokens, options.maxSummaryTokens ?? 13_107),
      ...(options.signal ? { signal: options.signal } : {}),
    },
  );
  return stream.result();
}

/**
 * `compactMessages` once the plan and token count are known; the controller computes
 * both before asking the hooks and passes them on. Returns `undefined` when aborted.
 */
export async function compactWithPlan(
  options: CompactOptions,
  plan: CompactionPlan,
  tokensBefore: number,
): Promise<CompactionResult | undefined> {
  const { messages } = options;
  const { previousSummary, start, cut } = plan;

  const toSummarize = messages.slice(start, cut);
  const { kept, splitTurn } = keptMessages(messages, start, cut);

  const ops = collectFilesTouched(
    toSummarize,
    previousSummary ? parseFileLists(previousSummary) : undefined,
  );
  const { read, modified } = fileLists(ops);
  const response = await requestSummary(options, toSummarize, previousSummary, splitTurn);
  if (response.stopReason === "aborted" || options.signal?.aborted) return undefined;

  const summaryBody = response.stopReason === "error" ? "" : summaryText(response);
  if (!summaryBody) {
    // test/j12-compaction.test.ts 3.1: the summary call itself failed (often because the input is too long):
    // stub the old tool outputs, keep every message, and do not try again.
    const stubbed = pruneToolOutputs(messages, cut);
    return {
      summary: "",
      messages: stubbed,
      replaces: messages.length,
      firstKeptIndex: cut,
      splitTurn: false,
      tokensBefore,
      tokensAfter: contextTokens(stubbed, options.systemPrompt, stubbed.length),
      summarised: 0,
      shortened: stubbed.filter((message, i) => message !== messages[i]).length,
      readFiles: read,
      modifiedFiles: modified,
      fallback: true,
    };
  }

  const lists = formatFileLists(read, modified);
  const summary = lists ? `${summaryBody}\n\n${lists}` : summaryBody;
  const summaryMessage: UserMessage = {
    role: "user",
    content: [{ type: "text", text: compactionSummaryText(summary) }],
    timestamp: Date.now(),
  };
  const fitted = await fitKeptMessages(kept, {
    contextWindow: options.model.contextWindow,
    maxContextTokens: options.maxContextTokens ?? options.model.contextWindow,
    fixedTokens:
      estimateTextTokens(options.systemPrompt ?? "") + estimateMessageTokens(summaryMessage),
    truncator: options.truncator,
  });
  const compacted = [summaryMessage, ...fitted.messages];
  return {
    summary,
    messages: compacted,
    replaces: messages.length,
    firstKeptIndex: cut,
    splitTurn,
    tokensBefore,
    tokensAfter: contextTokens(compacted, options.systemPrompt, compacted.length),
    summarised: cut - start,
    shortened: fitted.shortened,
    readFiles: read,
    modifiedFiles: modified,
    fallback: false,
  };
}
