import type { ResponseStreamEvent } from "openai/resources/responses/responses";
import type { AssistantMessage, Context, Model, StreamFunction, StreamOptions } from "../types.js";
import type { MessageBuilder } from "./message-builder.js";
import { buildResponsesParams } from "./openai-responses-request.js";
import { openAIEventReader } from "./openai-sse.js";
import { readServerSentEvents } from "./read-events.js";
import {
  IncompleteStreamError,
  type ProviderRun,
  runProviderStream,
  sdkClientOptions,
} from "./run-stream.js";
import { routeConsoleWarnings } from "./sdk-warnings.js";

/** A failure the Responses stream reported as an event rather than an HTTP status. */
class ResponsesStreamError extends Error {
  constructor(readonly error: { type?: string; message: string }) {
    super(error.message);
    this.name = "ResponsesStreamError";
  }
}

/** `openai-responses` on `openai`. Tool-call ids are `call_id|item_id`. */
export const streamOpenAIResponses: StreamFunction = (
  model: Model,
  context: Context,
  options?: StreamOptions,
) => runProviderStream(model, options, (run) => runResponses(run, context));

async function runResponses(run: ProviderRun, context: Context): Promise<void> {
  const { model, options, builder, output } = run;
  // Loaded on first use: importing @gong/llm must not pay for SDKs it may never call.
  const { default: OpenAI } = await import("openai");
  const client = new OpenAI(sdkClientOptions(run));
  // The SDK sends the request and turns an error status into its APIError; the stream
  // is read here (read-events.ts), every event of a chunk handled in one go.
  const response = await routeConsoleWarnings(options.onWarning, () =>
    client.responses
      .create(buildResponsesParams(model, context, options), { signal: run.signal })
      .asResponse(),
  );
  const parse = openAIEventReader(OpenAI, response.headers);
  // Output item id → content index.
  const items = new Map<string, number>();
  const textItems = new Map<string, number>();
  let finished = false;

  await readServerSentEvents(run, response, (sse) => {
    const event = parse(sse) as ResponseStreamEvent | undefined;
    if (!event) return;
    switch (event.type) {
      case "response.output_item.added":
        startOutputItem(builder, items, event.item);
        break;
      case "response.reasoning_summary_part.added": {
        const index = items.get(event.item_id);
        // Separate summary parts like paragraphs.
        if (index !== undefined && event.summary_index > 0) builder.appendThinking(index, "\n\n");
        break;
      }
      case "response.reasoning_summary_text.delta":
      case "response.reasoning_text.delta": {
        const index = items.get(event.item_id);
        if (index !== undefined) builder.appendThinking(index, event.delta);
        break;
      }
      case "response.output_text.delta":
      case "response.refusal.delta": {
        builder.appendText(textIndex(builder, textItems, event.item_id), event.delta);
        break;
      }
      case "response.function_call_arguments.delta": {
        const index = items.get(event.item_id);
        if (index !== undefined) builder.appendToolArguments(index, event.delta);
        break;
      }
      case "response.output_item.done":
        endOutputItem(builder, items, textItems, event.item);
        break;
      case "response.completed":
      case "response.incomplete":
        finished = true;
        finishResponse(output, builder, event.response);
        break;
      case "response.failed": {
        const error = event.response.error;
        throw new ResponsesStreamError({
          ...(error?.code ? { type: error.code } : {}),
          message: error?.message ?? "the response failed without a message",
        });
      }
      case "error":
        throw new ResponsesStreamError({
          ...(event.code ? { type: event.code } : {}),
          message: event.message,
        });
    }
  });
  if (!finished) throw new IncompleteStreamError();
}

type OutputItem = Extract<ResponseStreamEvent, { type: "response.output_item.added" }>["item"];

/** Opens a thinking block or tool call for an output item (text opens on its first delta). */
function startOutputItem(builder: MessageBuilder, items: Map<string, number>, item: OutputItem) {
  if (item.type === "reasoning" && item.id) items.set(item.id, builder.startThinking());
  else if (item.type === "function_call")
    items.set(
      item.id ?? item.call_id,
      builder.startToolCall(`${item.call_id}|${item.id ?? ""}`, item.name),
    );
}

/** The text block of a message item, opened on its first delta. */
function textIndex(builder: MessageBuilder, textItems: Map<string, number>, itemId: string) {
  let index = textItems.get(itemId);
  if (index === undefined) {
    index = builder.startText();
    textItems.set(itemId, index);
  }
  return index;
}

/** Closes an output item's block with what only the finished item carries. */
function endOutputItem(
  builder: MessageBuilder,
  items: Map<string, number>,
  textItems: Map<string, number>,
  item: OutputItem,
) {
  if (item.type === "reasoning" && item.id) {
    const index = items.get(item.id);
    if (index !== undefined) {
      builder.setSignature(index, JSON.stringify(item));
      builder.end(index);
    }
  } else if (item.type === "function_call") {
    const index = items.get(item.id ?? item.call_id);
    if (index !== undefined) {
      builder.setToolArguments(index, item.arguments);
      builder.end(index);
    }
  } else if (item.type === "message") {
    const index = textItems.get(item.id);
    if (index !== undefined) builder.end(index);
  }
}

/** Usage and stop reason from the final response. */
function finishResponse(
  output: AssistantMessage,
  builder: MessageBuilder,
  response: Extract<ResponseStreamEvent, { type: "response.completed" }>["response"],
) {
  const usage = response.usage;
  if (usage) {
    const cached = usage.input_tokens_details?.cached_tokens ?? 0;
    output.usage.input = Math.max(0, usage.input_tokens - cached);
    output.usage.cacheRead = cached;
    output.usage.output = usage.output_tokens;
  }
  if (response.status === "incomplete") output.stopReason = "length";
  else output.stopReason = builder.hasToolCalls() ? "toolUse" : "stop";
}
