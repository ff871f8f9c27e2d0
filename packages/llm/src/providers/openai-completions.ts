import type OpenAI from "openai";
import { resolveCompat } from "../openai-compat.js";
import type { Context, Model, StopReason, StreamFunction, StreamOptions } from "../types.js";
import { buildCompletionsParams } from "./openai-completions-request.js";
import { openAIEventReader } from "./openai-sse.js";
import { readServerSentEvents } from "./read-events.js";
import {
  IncompleteStreamError,
  type ProviderRun,
  runProviderStream,
  sdkClientOptions,
} from "./run-stream.js";
import { routeConsoleWarnings } from "./sdk-warnings.js";

/** Reasoning text arrives under one of three names depending on the server. */
const REASONING_FIELDS = ["reasoning_content", "reasoning", "reasoning_text"] as const;

/** `openai-completions` on `openai`: OpenAI Chat Completions and compatible servers. */
export const streamOpenAICompletions: StreamFunction = (
  model: Model,
  context: Context,
  options?: StreamOptions,
) => runProviderStream(model, options, (run) => runCompletions(run, context));

async function runCompletions(run: ProviderRun, context: Context): Promise<void> {
  const { model, options, builder, output } = run;
  const compat = resolveCompat(model);
  // Loaded on first use: importing @gong/llm must not pay for SDKs it may never call.
  const { default: OpenAISDK } = await import("openai");
  const client = new OpenAISDK(sdkClientOptions(run));
  // The SDK sends the request and turns an error status into its APIError; the stream
  // is read here (read-events.ts), every event of a chunk handled in one go.
  const response = await routeConsoleWarnings(options.onWarning, () =>
    client.chat.completions
      .create(buildCompletionsParams(model, context, options, compat), { signal: run.signal })
      .asResponse(),
  );
  const parse = openAIEventReader(OpenAISDK, response.headers);

  let current: { kind: "text" | "thinking"; index: number } | undefined;
  // The tool call's `index` in the delta → our content index. Deltas of several calls
  // may interleave; routing by index keeps their arguments apart (Pi bug #1446).
  const toolCalls = new Map<number, number>();
  let finishReason: string | undefined;

  const switchTo = (kind: "text" | "thinking", field?: string) => {
    if (current?.kind === kind) return current.index;
    if (current) builder.end(current.index);
    const index =
      kind === "text"
        ? builder.startText()
        : builder.startThinking({ thinkingSignature: field ?? "" });
    current = { kind, index };
    return index;
  };

  await readServerSentEvents(run, response, (event) => {
    const chunk = parse(event) as OpenAI.Chat.ChatCompletionChunk | undefined;
    if (!chunk) return;
    if (chunk.usage) readUsage(run, chunk.usage);
    const choice = chunk.choices?.[0];
    if (!choice) return;
    const delta = (choice.delta ?? {}) as Record<string, unknown> &
      OpenAI.Chat.ChatCompletionChunk.Choice.Delta;

    for (const field of REASONING_FIELDS) {
      const text = delta[field];
      if (typeof text === "string" && text.length > 0) {
        builder.appendThinking(switchTo("thinking", field), text);
        break;
      }
    }
    if (typeof delta.content === "string" && delta.content.length > 0) {
      builder.appendText(switchTo("text"), delta.content);
    }
    for (const call of delta.tool_calls ?? []) {
      const key = call.index ?? toolCalls.size;
      let index = toolCalls.get(key);
      const existing = index === undefined ? undefined : builder.message.content[index];
      // A new id at a known index means a new call (servers that reuse index 0).
      const isNewCall =
        existing?.type === "toolCall" && call.id !== undefined && call.id !== existing.id;
      if (index === undefined || isNewCall) {
        if (current) builder.end(current.index);
        current = undefined;
        index = builder.startToolCall(call.id ?? `call_${key}`, call.function?.name ?? "");
        toolCalls.set(key, index);
      }
      if (call.function?.arguments) builder.appendToolArguments(index, call.function.arguments);
    }
    if (choice.finish_reason) finishReason = choice.finish_reason;
  });
  if (finishReason === undefined) throw new IncompleteStreamError();
  output.stopReason = mapFinishReason(finishReason, builder.hasToolCalls());
}

function readUsage(run: ProviderRun, usage: OpenAI.CompletionUsage): void {
  const cached = usage.prompt_tokens_details?.cached_tokens ?? 0;
  run.output.usage.input = Math.max(0, (usage.prompt_tokens ?? 0) - cached);
  run.output.usage.cacheRead = cached;
  // completion_tokens already includes reasoning tokens on OpenAI.
  run.output.usage.output = usage.completion_tokens ?? 0;
}

function mapFinishReason(reason: string, hasToolCalls: boolean): StopReason {
  if (reason === "length") return "length";
  if (reason === "tool_calls" || reason === "function_call") return "toolUse";
  // Some compatible servers (Ollama) say "stop" after tool calls.
  return hasToolCalls ? "toolUse" : "stop";
}
