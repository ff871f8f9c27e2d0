import type {
  RawContentBlockDeltaEvent,
  RawContentBlockStartEvent,
  RawMessageDeltaEvent,
  RawMessageStreamEvent,
} from "@anthropic-ai/sdk/resources/messages";
import type {
  AssistantMessage,
  Context,
  Model,
  StopReason,
  StreamFunction,
  StreamOptions,
} from "../types.js";
import { anthropicRequestBody } from "./anthropic-body.js";
import { buildAnthropicParams } from "./anthropic-request.js";
import type { MessageBuilder } from "./message-builder.js";
import { readServerSentEvents } from "./read-events.js";
import {
  IncompleteStreamError,
  type ProviderRun,
  runProviderStream,
  sdkClientOptions,
} from "./run-stream.js";
import { routeConsoleWarnings } from "./sdk-warnings.js";
import type { ServerSentEvent } from "./sse-decoder.js";

/** `anthropic-messages` on `@anthropic-ai/sdk`, SDK retries off (agent-core retries). */
export const streamAnthropic: StreamFunction = (
  model: Model,
  context: Context,
  options?: StreamOptions,
) => runProviderStream(model, options, (run) => runAnthropic(run, context));

async function runAnthropic(run: ProviderRun, context: Context): Promise<void> {
  const { model, options, builder, output } = run;
  // Loaded on first use: importing @gong/llm must not pay for SDKs it may never call.
  const { default: Anthropic } = await import("@anthropic-ai/sdk");
  const client = new Anthropic(sdkClientOptions(run));
  // The SDK sends the request and turns an error status into its APIError; the stream
  // is read here (read-events.ts), every event of a chunk handled in one go.
  const params = buildAnthropicParams(model, context, options);
  // `create` still checks the model and thinking (its deprecation notices) and sends
  // the request; the body it would encode is the one written from the cached messages.
  const body = anthropicRequestBody(params, context.messages);
  const response = await routeConsoleWarnings(options.onWarning, () =>
    client.messages
      .create(params, {
        signal: run.signal,
        body,
        headers: { "content-type": "application/json" },
      })
      .asResponse(),
  );
  // Anthropic's block index → our content index (they differ if we ever skip a block).
  const blocks = new Map<number, number>();
  let finished = false;

  const handle = (sse: ServerSentEvent) => {
    // What the SDK's stream does with each server-sent event.
    if (sse.event === null || sse.event === "ping") return;
    if (sse.event === "error") {
      // APIError reads the type (overloaded_error, …) from the body itself. A body that
      // is not JSON goes in as its text, as the SDK's own stream passes it.
      const body = parseJsonOr(sse.data) as object;
      throw new Anthropic.APIError(undefined, body, undefined, response.headers);
    }
    if (!sse.data) return;
    const event = JSON.parse(sse.data) as RawMessageStreamEvent;
    switch (event.type) {
      case "message_start": {
        const usage = event.message.usage;
        output.usage.input = usage.input_tokens ?? 0;
        output.usage.output = usage.output_tokens ?? 0;
        output.usage.cacheRead = usage.cache_read_input_tokens ?? 0;
        output.usage.cacheWrite = usage.cache_creation_input_tokens ?? 0;
        break;
      }
      case "content_block_start": {
        const index = startBlock(builder, event.content_block);
        if (index !== undefined) blocks.set(event.index, index);
        break;
      }
      case "content_block_delta": {
        const index = blocks.get(event.index);
        if (index !== undefined) applyDelta(builder, index, event.delta);
        break;
      }
      case "content_block_stop": {
        const index = blocks.get(event.index);
        if (index !== undefined) builder.end(index);
        break;
      }
      case "message_delta":
        applyMessageDelta(output, event);
        break;
      case "message_stop":
        finished = true;
        break;
    }
  };

  await readServerSentEvents(run, response, handle);
  if (!finished) throw new IncompleteStreamError();
}

/** Opens our content block for Anthropic's; `undefined` for a kind we skip. */
function startBlock(
  builder: MessageBuilder,
  block: RawContentBlockStartEvent["content_block"],
): number | undefined {
  if (block.type === "text") {
    const index = builder.startText();
    if (block.text) builder.appendText(index, block.text);
    return index;
  }
  if (block.type === "thinking") {
    return builder.startThinking({ thinkingSignature: block.signature || "" });
  }
  if (block.type === "redacted_thinking") {
    // The opaque data is the only thing to replay; there is no readable text.
    return builder.startThinking({ redacted: true, thinkingSignature: block.data });
  }
  if (block.type === "tool_use") return builder.startToolCall(block.id, block.name);
  return undefined;
}

function applyDelta(
  builder: MessageBuilder,
  index: number,
  delta: RawContentBlockDeltaEvent["delta"],
): void {
  if (delta.type === "text_delta") builder.appendText(index, delta.text);
  else if (delta.type === "thinking_delta") builder.appendThinking(index, delta.thinking);
  else if (delta.type === "signature_delta") builder.setSignature(index, delta.signature, true);
  else if (delta.type === "input_json_delta")
    builder.appendToolArguments(index, delta.partial_json);
}

function applyMessageDelta(output: AssistantMessage, event: RawMessageDeltaEvent): void {
  if (event.delta.stop_reason) output.stopReason = mapStopReason(event.delta.stop_reason);
  const usage = event.usage;
  output.usage.output = usage.output_tokens ?? output.usage.output;
  // Newer API versions repeat the (final) input counts here.
  if (usage.input_tokens != null) output.usage.input = usage.input_tokens;
  if (usage.cache_read_input_tokens != null) output.usage.cacheRead = usage.cache_read_input_tokens;
  if (usage.cache_creation_input_tokens != null)
    output.usage.cacheWrite = usage.cache_creation_input_tokens;
}

/** The JSON in `text`, or the text itself when it is not JSON (like the SDK's safeJSON). */
function parseJsonOr(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function mapStopReason(reason: string): StopReason {
  switch (reason) {
    case "max_tokens":
    case "model_context_window_exceeded":
      return "length";
    case "tool_use":
      return "toolUse";
    default:
      return "stop"; // end_turn, stop_sequence, pause_turn, refusal
  }
}
