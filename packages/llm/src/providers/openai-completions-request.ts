import type OpenAI from "openai";
import type { OpenAICompat } from "../openai-compat.js";
import type {
  Context,
  ImageContent,
  Message,
  Model,
  StreamOptions,
  TextContent,
} from "../types.js";

type ChatMessage = OpenAI.Chat.ChatCompletionMessageParam;
type ContentPart = OpenAI.Chat.ChatCompletionContentPart;

export function buildCompletionsParams(
  model: Model,
  context: Context,
  options: StreamOptions,
  compat: OpenAICompat,
): OpenAI.Chat.ChatCompletionCreateParamsStreaming {
  const params: OpenAI.Chat.ChatCompletionCreateParamsStreaming = {
    model: model.id,
    messages: convertMessages(model, context, compat),
    stream: true,
  };
  if (compat.supportsUsageInStreaming) params.stream_options = { include_usage: true };
  const maxTokens = options.maxTokens ?? model.maxTokens;
  if (compat.maxTokensField === "max_completion_tokens") params.max_completion_tokens = maxTokens;
  else params.max_tokens = maxTokens;
  if (options.temperature !== undefined) params.temperature = options.temperature;
  if (compat.supportsStore) params.store = false;
  if (context.tools?.length) {
    params.tools = context.tools.map((tool) => ({
      type: "function",
      function: {
        name: tool.name,
        description: tool.description,
        parameters: tool.parameters as Record<string, unknown>,
      },
    }));
  }
  if (
    model.reasoning &&
    compat.supportsReasoningEffort &&
    options.thinking &&
    options.thinking !== "off"
  ) {
    params.reasoning_effort =
      options.thinking === "minimal" && model.provider !== "openai" ? "low" : options.thinking;
  }
  return params;
}

function convertMessages(model: Model, context: Context, compat: OpenAICompat): ChatMessage[] {
  const out: ChatMessage[] = [];
  if (context.systemPrompt) {
    const role = model.reasoning && compat.supportsDeveloperRole ? "developer" : "system";
    out.push({ role, content: context.systemPrompt });
  }
  // Tool messages cannot carry images: they follow as one user message after the results.
  let pendingImages: ImageContent[] = [];
  const flushImages = () => {
    if (pendingImages.length === 0) return;
    out.push({
      role: "user",
      content: [
        { type: "text", text: "Images returned by the tool calls above:" },
        ...pendingImages.map(imagePart),
      ],
    });
    pendingImages = [];
  };

  for (const message of context.messages) {
    if (message.role !== "toolResult") flushImages();
    if (message.role === "user") {
      const content = userContent(message.content);
      if (content !== undefined) out.push({ role: "user", content });
    } else if (message.role === "assistant") {
      const assistant = assistantMessage(message);
      if (assistant) out.push(assistant);
    } else {
      const text = message.content
        .filter((block): block is TextContent => block.type === "text")
        .map((block) => block.text)
        .join("\n");
      pendingImages.push(
        ...message.content.filter((block): block is ImageContent => block.type === "image"),
      );
      const tool: OpenAI.Chat.ChatCompletionToolMessageParam & { name?: string } = {
        role: "tool",
        tool_call_id: message.toolCallId,
        content: text || (message.isError ? "(error without message)" : "(no output)"),
      };
      if (compat.requiresToolResultName) tool.name = message.toolName;
      out.push(tool);
    }
  }
  flushImages();
  return out;
}

function userContent(
  content: string | (TextContent | ImageContent)[],
): string | ContentPart[] | undefined {
  if (typeof content === "string") return content.trim() ? content : undefined;
  const parts: ContentPart[] = [];
  for (const block of content) {
    if (block.type === "text") {
      if (block.text.trim()) parts.push({ type: "text", text: block.text });
    } else parts.push(imagePart(block));
  }
  if (parts.length === 0) return undefined;
  // Plain string when there is only text: some compatible servers reject part arrays.
  return parts.every((part) => part.type === "text")
    ? parts.map((part) => (part as { text: string }).text).join("\n")
    : parts;
}

function assistantMessage(
  message: Extract<Message, { role: "assistant" }>,
): ChatMessage | undefined {
  const text = message.content
    .filter((block): block is TextContent => block.type === "text")
    .map((block) => block.text)
    .join("");
  const toolCalls = message.content.flatMap((block) =>
    block.type === "toolCall"
      ? [
          {
            id: block.id,
            type: "function" as const,
            function: { name: block.name, arguments: JSON.stringify(block.arguments ?? {}) },
          },
        ]
      : [],
  );
  if (!text && toolCalls.length === 0) return undefined;
  return {
    role: "assistant",
    content: text || null,
    ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
  };
}

function imagePart(image: ImageContent): ContentPart {
  return { type: "image_url", image_url: { url: `data:${image.mimeType};base64,${image.data}` } };
}
