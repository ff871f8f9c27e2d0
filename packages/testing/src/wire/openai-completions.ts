import type { MockError, MockResponse } from "../steps.js";
import { argumentsText, chunk, sseFrame } from "./sse.js";

/**
 * OpenAI Chat Completions streaming chunks. Thinking goes out as `reasoning_content`
 * (DeepSeek / vLLM style) unless `reasoningField` names another; usage is sent only when
 * the request asked for it with `stream_options.include_usage`, as OpenAI does.
 */
export function renderCompletionsStream(
  step: MockResponse,
  model: string,
  seq: number,
  includeUsage: boolean,
): string[] {
  const size = step.chunkSize ?? 8;
  const id = `chatcmpl-mock-${seq}`;
  const created = 1_700_000_000 + seq;
  const frames: string[] = [];
  const send = (delta: Record<string, unknown>, finish: string | null = null) =>
    frames.push(
      sseFrame({
        id,
        object: "chat.completion.chunk",
        created,
        model: step.model ?? model,
        choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }],
      }),
    );

  send({ role: "assistant", content: "" });
  let toolIndex = 0;
  for (const block of step.content) {
    switch (block.type) {
      case "text":
        for (const content of chunk(block.text, size)) send({ content });
        break;
      case "thinking":
        for (const text of chunk(block.thinking, size))
          send({ [step.reasoningField ?? "reasoning_content"]: text });
        break;
      case "redactedThinking":
        break; // Chat Completions has no opaque reasoning
      case "toolCall": {
        const index = toolIndex++;
        send({
          tool_calls: [
            {
              index,
              id: block.id ?? `call_mock_${seq}_${index + 1}`,
              type: "function",
              function: { name: block.name, arguments: "" },
            },
          ],
        });
        for (const args of chunk(argumentsText(block.arguments), size))
          send({ tool_calls: [{ index, function: { arguments: args } }] });
        break;
      }
    }
  }
  send({}, completionsFinishReason(step));

  if (includeUsage) {
    const usage = step.usage ?? {};
    const prompt = (usage.input ?? 0) + (usage.cacheRead ?? 0);
    frames.push(
      sseFrame({
        id,
        object: "chat.completion.chunk",
        created,
        model: step.model ?? model,
        choices: [],
        usage: {
          prompt_tokens: prompt,
          completion_tokens: usage.output ?? 0,
          total_tokens: prompt + (usage.output ?? 0),
          prompt_tokens_details: { cached_tokens: usage.cacheRead ?? 0 },
          completion_tokens_details: { reasoning_tokens: usage.reasoning ?? 0 },
        },
      }),
    );
  }
  frames.push(sseFrame("[DONE]"));
  return frames;
}

function completionsFinishReason(step: MockResponse): string {
  const reason =
    step.stopReason ?? (step.content.some((b) => b.type === "toolCall") ? "toolUse" : "stop");
  return reason === "toolUse" ? "tool_calls" : reason === "length" ? "length" : "stop";
}

export function openaiErrorType(status: number): string {
  if (status === 401) return "invalid_request_error";
  if (status === 429) return "rate_limit_exceeded";
  if (status >= 500) return "server_error";
  return "invalid_request_error";
}

export function openaiErrorBody(step: MockError): Record<string, unknown> {
  return {
    error: {
      message: step.message ?? `mock error ${step.status}`,
      type: step.errorType ?? openaiErrorType(step.status),
      param: null,
      code: step.status === 401 ? "invalid_api_key" : null,
    },
  };
}

/** Mid-stream errors on OpenAI-compatible servers arrive as a data chunk with `error`. */
export function completionsStreamError(step: MockError): string {
  return sseFrame(openaiErrorBody(step));
}
