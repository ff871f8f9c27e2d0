import type { MockError, MockResponse } from "../steps.js";
import { openaiErrorBody } from "./openai-completions.js";
import { argumentsText, chunk, sseFrame } from "./sse.js";

/**
 * OpenAI Responses streaming events. Thinking becomes a reasoning item with a summary
 * and `encrypted_content` (the signature); tool calls are `function_call` items whose
 * `call_id` and item `id` differ, which is why Gong composes `call_id|item_id`.
 */
export function renderResponsesStream(step: MockResponse, model: string, seq: number): string[] {
  const size = step.chunkSize ?? 8;
  const frames: string[] = [];
  let sequence = 0;
  const send: Send = (data) =>
    frames.push(sseFrame({ ...data, sequence_number: sequence++ }, data.type));
  const base = {
    id: `resp_mock_${seq}`,
    object: "response",
    created_at: 1_700_000_000 + seq,
    model: step.model ?? model,
  };
  send({ type: "response.created", response: { ...base, status: "in_progress", output: [] } });

  const output: Record<string, unknown>[] = [];
  let toolNumber = 0;
  step.content.forEach((block, output_index) => {
    let item: Record<string, unknown>;
    switch (block.type) {
      case "thinking":
      case "redactedThinking":
        item = sendReasoningItem(send, block, `rs_mock_${seq}_${output_index}`, output_index, size);
        break;
      case "text":
        item = sendMessageItem(send, block, `msg_mock_${seq}_${output_index}`, output_index, size);
        break;
      case "toolCall":
        toolNumber++;
        item = sendFunctionCallItem(send, block, seq, toolNumber, output_index, size);
        break;
    }
    send({ type: "response.output_item.done", output_index, item });
    output.push(item);
  });

  const usage = step.usage ?? {};
  const input = (usage.input ?? 0) + (usage.cacheRead ?? 0);
  const length = step.stopReason === "length";
  send({
    type: length ? "response.incomplete" : "response.completed",
    response: {
      ...base,
      status: length ? "incomplete" : "completed",
      incomplete_details: length ? { reason: "max_output_tokens" } : null,
      output,
      usage: {
        input_tokens: input,
        input_tokens_details: { cached_tokens: usage.cacheRead ?? 0 },
        output_tokens: usage.output ?? 0,
        output_tokens_details: { reasoning_tokens: usage.reasoning ?? 0 },
        total_tokens: input + (usage.output ?? 0),
      },
    },
  });
  return frames;
}

type Send = (data: { type: string } & Record<string, unknown>) => void;
type Block<T extends string> = Extract<MockResponse["content"][number], { type: T }>;

/** A reasoning item: its summary streamed for thinking, the signature as `encrypted_content`. */
function sendReasoningItem(
  send: Send,
  block: Block<"thinking" | "redactedThinking">,
  item_id: string,
  output_index: number,
  size: number,
): Record<string, unknown> {
  const text = block.type === "thinking" ? block.thinking : "";
  send({
    type: "response.output_item.added",
    output_index,
    item: { type: "reasoning", id: item_id, summary: [] },
  });
  if (block.type === "thinking") {
    const part = { type: "summary_text", text: "" };
    send({
      type: "response.reasoning_summary_part.added",
      item_id,
      output_index,
      summary_index: 0,
      part,
    });
    for (const delta of chunk(text, size))
      send({
        type: "response.reasoning_summary_text.delta",
        item_id,
        output_index,
        summary_index: 0,
        delta,
      });
    send({
      type: "response.reasoning_summary_text.done",
      item_id,
      output_index,
      summary_index: 0,
      text,
    });
  }
  return {
    type: "reasoning",
    id: item_id,
    summary: text ? [{ type: "summary_text", text }] : [],
    encrypted_content: block.type === "thinking" ? (block.signature ?? "enc_mock") : block.data,
  };
}

function sendMessageItem(
  send: Send,
  block: Block<"text">,
  item_id: string,
  output_index: number,
  size: number,
): Record<string, unknown> {
  send({
    type: "response.output_item.added",
    output_index,
    item: {
      type: "message",
      id: item_id,
      role: "assistant",
      status: "in_progress",
      content: [],
    },
  });
  const empty = { type: "output_text", text: "", annotations: [] };
  send({
    type: "response.content_part.added",
    item_id,
    output_index,
    content_index: 0,
    part: empty,
  });
  for (const delta of chunk(block.text, size))
    send({
      type: "response.output_text.delta",
      item_id,
      output_index,
      content_index: 0,
      delta,
    });
  send({
    type: "response.output_text.done",
    item_id,
    output_index,
    content_index: 0,
    text: block.text,
  });
  const part = { type: "output_text", text: block.text, annotations: [] };
  send({ type: "response.content_part.done", item_id, output_index, content_index: 0, part });
  return {
    type: "message",
    id: item_id,
    role: "assistant",
    status: "completed",
    content: [part],
  };
}

function sendFunctionCallItem(
  send: Send,
  block: Block<"toolCall">,
  seq: number,
  toolNumber: number,
  output_index: number,
  size: number,
): Record<string, unknown> {
  const item_id = `fc_mock_${seq}_${toolNumber}`;
  const call_id = block.id ?? `call_mock_${seq}_${toolNumber}`;
  const args = argumentsText(block.arguments);
  send({
    type: "response.output_item.added",
    output_index,
    item: {
      type: "function_call",
      id: item_id,
      call_id,
      name: block.name,
      arguments: "",
      status: "in_progress",
    },
  });
  for (const delta of chunk(args, size))
    send({ type: "response.function_call_arguments.delta", item_id, output_index, delta });
  send({
    type: "response.function_call_arguments.done",
    item_id,
    output_index,
    arguments: args,
  });
  return {
    type: "function_call",
    id: item_id,
    call_id,
    name: block.name,
    arguments: args,
    status: "completed",
  };
}

/** A failed response: `response.failed` carrying the error, as the Responses API streams it. */
export function responsesStreamError(step: MockError, seq: number): string {
  const error = openaiErrorBody(step).error as Record<string, unknown>;
  return sseFrame(
    {
      type: "response.failed",
      sequence_number: 0,
      response: {
        id: `resp_mock_${seq}`,
        object: "response",
        status: "failed",
        error: { code: error.type, message: error.message },
        output: [],
      },
    },
    "response.failed",
  );
}
