import type { MockError, MockResponse } from "../steps.js";
import { argumentsText, chunk, sseFrame } from "./sse.js";

/** Anthropic Messages streaming events for a scripted response, in wire order. */
export function renderAnthropicStream(step: MockResponse, model: string, seq: number): string[] {
  const usage = step.usage ?? {};
  const size = step.chunkSize ?? 8;
  const ping = step.ping ?? true;
  const frames: string[] = [];
  const send: Send = (data) => frames.push(sseFrame(data, data.type));

  send({
    type: "message_start",
    message: {
      id: `msg_mock_${seq}`,
      type: "message",
      role: "assistant",
      model: step.model ?? model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: {
        input_tokens: usage.input ?? 0,
        output_tokens: 1,
        cache_read_input_tokens: usage.cacheRead ?? 0,
        cache_creation_input_tokens: usage.cacheWrite ?? 0,
      },
    },
  });
  if (ping) send({ type: "ping" });

  let toolNumber = 0;
  step.content.forEach((block, index) => {
    switch (block.type) {
      case "text":
        send({ type: "content_block_start", index, content_block: { type: "text", text: "" } });
        for (const text of chunk(block.text, size))
          send({ type: "content_block_delta", index, delta: { type: "text_delta", text } });
        break;
      case "thinking":
        sendThinking(send, block, index, size);
        break;
      case "redactedThinking":
        send({
          type: "content_block_start",
          index,
          content_block: { type: "redacted_thinking", data: block.data },
        });
        break;
      case "toolCall": {
        toolNumber++;
        send({
          type: "content_block_start",
          index,
          content_block: {
            type: "tool_use",
            id: block.id ?? `toolu_mock_${seq}_${toolNumber}`,
            name: block.name,
            input: {},
          },
        });
        for (const partial_json of chunk(argumentsText(block.arguments), size))
          send({
            type: "content_block_delta",
            index,
            delta: { type: "input_json_delta", partial_json },
          });
        break;
      }
    }
    send({ type: "content_block_stop", index });
    if (ping && index % 2 === 1) send({ type: "ping" });
  });

  send({
    type: "message_delta",
    delta: { stop_reason: anthropicStopReason(step), stop_sequence: null },
    usage: { output_tokens: usage.output ?? 0 },
  });
  send({ type: "message_stop" });
  return frames;
}

type Send = (data: { type: string } & Record<string, unknown>) => void;

function sendThinking(
  send: Send,
  block: Extract<MockResponse["content"][number], { type: "thinking" }>,
  index: number,
  size: number,
): void {
  send({
    type: "content_block_start",
    index,
    content_block: { type: "thinking", thinking: "", signature: "" },
  });
  for (const thinking of chunk(block.thinking, size))
    send({ type: "content_block_delta", index, delta: { type: "thinking_delta", thinking } });
  if (block.signature)
    send({
      type: "content_block_delta",
      index,
      delta: { type: "signature_delta", signature: block.signature },
    });
}

function anthropicStopReason(step: MockResponse): string {
  const reason =
    step.stopReason ?? (step.content.some((b) => b.type === "toolCall") ? "toolUse" : "stop");
  return reason === "toolUse" ? "tool_use" : reason === "length" ? "max_tokens" : "end_turn";
}

export function anthropicErrorType(status: number): string {
  if (status === 401) return "authentication_error";
  if (status === 403) return "permission_error";
  if (status === 404) return "not_found_error";
  if (status === 413) return "request_too_large";
  if (status === 429) return "rate_limit_error";
  if (status === 529) return "overloaded_error";
  if (status >= 500) return "api_error";
  return "invalid_request_error";
}

export function anthropicErrorBody(step: MockError): Record<string, unknown> {
  return {
    type: "error",
    error: {
      type: step.errorType ?? anthropicErrorType(step.status),
      message: step.message ?? `mock error ${step.status}`,
    },
  };
}

/** Anthropic reports a mid-stream failure as an `error` SSE event. */
export function anthropicStreamError(step: MockError): string {
  return sseFrame(anthropicErrorBody(step), "error");
}
