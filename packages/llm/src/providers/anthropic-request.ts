import type Anthropic from "@anthropic-ai/sdk";
import type {
  Context,
  ImageContent,
  Message,
  Model,
  StreamOptions,
  TextContent,
  ThinkingLevel,
} from "../types.js";

type ContentBlockParam = Anthropic.ContentBlockParam;

/** Thinking budgets per level (Anthropic's minimum is 1024). */
const THINKING_BUDGET: Record<Exclude<ThinkingLevel, "off">, number> = {
  minimal: 1024,
  low: 4096,
  medium: 10_240,
  high: 32_000,
};

/**
 * The Messages API request for a context, its `messages` left empty: the body is
 * written with them by `anthropicRequestBody` (anthropic-body.ts).
 */
export function buildAnthropicParams(
  model: Model,
  context: Omit<Context, "messages">,
  options: StreamOptions,
): Anthropic.MessageCreateParamsStreaming {
  let maxTokens = options.maxTokens ?? model.maxTokens;
  const params: Anthropic.MessageCreateParamsStreaming = {
    model: model.id,
    max_tokens: maxTokens,
    messages: [],
    stream: true,
  };
  if (context.systemPrompt) {
    // Cache the system prompt: it is identical on every turn of a session.
    params.system = [
      { type: "text", text: context.systemPrompt, cache_control: { type: "ephemeral" } },
    ];
  }
  if (context.tools?.length) {
    params.tools = context.tools.map((tool) => ({
      name: tool.name,
      description: tool.description,
      input_schema: tool.parameters as unknown as Anthropic.Tool.InputSchema,
    }));
  }
  const level = options.thinking;
  if (model.reasoning && level && level !== "off" && usesAdaptiveThinking(model)) {
    // Models from 4.6 on decide their own thinking budget; only the effort is ours.
    params.thinking = { type: "adaptive" };
    params.output_config = { effort: level === "minimal" ? "low" : level };
  } else if (model.reasoning && level && level !== "off") {
    let budget = THINKING_BUDGET[level];
    // max_tokens must exceed the budget; keep room for the answer within the model's cap.
    maxTokens = Math.min(Math.max(maxTokens, budget + 4096), model.maxTokens);
    if (budget >= maxTokens) budget = Math.max(1024, maxTokens - 1024);
    params.max_tokens = maxTokens;
    params.thinking = { type: "enabled", budget_tokens: budget };
  }
  // No `temperature`: the current Messages API deprecated it (the SDK no longer types it).
  return params;
}

/**
 * Claude 4.6 and later take `thinking: {type: "adaptive"}` plus an effort (the SDK warns
 * on a fixed budget for them); `compat.adaptiveThinking` overrides the id check.
 */
export function usesAdaptiveThinking(model: Pick<Model, "id" | "compat">): boolean {
  const override = model.compat?.adaptiveThinking;
  if (typeof override === "boolean") return override;
  return /^claude-[a-z]+-(4-[6-9]|[5-9])(\b|-)/.test(model.id);
}

/**
 * One message's content blocks as the Messages API takes them; empty when there is
 * nothing to send. A tool result is one `tool_result` block: the body groups the results
 * of a turn into one user message (anthropic-body.ts).
 */
export function messageBlocks(message: Message): ContentBlockParam[] {
  if (message.role === "user") return userBlocks(message.content);
  if (message.role === "assistant") {
    const content: ContentBlockParam[] = [];
    for (const block of message.content) {
      if (block.type === "text") {
        if (block.text.trim()) content.push({ type: "text", text: block.text });
      } else if (block.type === "thinking") {
        if (block.redacted)
          content.push({ type: "redacted_thinking", data: block.thinkingSignature ?? "" });
        else if (block.thinkingSignature)
          content.push({
            type: "thinking",
            thinking: block.thinking,
            signature: block.thinkingSignature,
          });
      } else {
        content.push({
          type: "tool_use",
          id: block.id,
          name: block.name,
          input: block.arguments ?? {},
        });
      }
    }
    return content;
  }
  return [
    {
      type: "tool_result",
      tool_use_id: message.toolCallId,
      content: resultBlocks(message.content),
      is_error: message.isError,
    },
  ];
}

function userBlocks(content: string | (TextContent | ImageContent)[]): ContentBlockParam[] {
  if (typeof content === "string") return content.trim() ? [{ type: "text", text: content }] : [];
  const blocks: ContentBlockParam[] = [];
  for (const block of content) {
    if (block.type === "text") {
      if (block.text.trim()) blocks.push({ type: "text", text: block.text });
    } else blocks.push(imageBlock(block));
  }
  return blocks;
}

function resultBlocks(
  content: (TextContent | ImageContent)[],
): (Anthropic.TextBlockParam | Anthropic.ImageBlockParam)[] {
  const blocks = content.map((block) =>
    block.type === "text"
      ? ({ type: "text", text: block.text || " " } as const)
      : imageBlock(block),
  );
  return blocks.length > 0 ? blocks : [{ type: "text", text: "(no output)" }];
}

function imageBlock(image: ImageContent): Anthropic.ImageBlockParam {
  return {
    type: "image",
    source: {
      type: "base64",
      media_type: image.mimeType as Anthropic.Base64ImageSource["media_type"],
      data: image.data,
    },
  };
}
