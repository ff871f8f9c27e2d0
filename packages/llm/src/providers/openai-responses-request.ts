import type OpenAI from "openai";
import type { Context, ImageContent, Model, StreamOptions, TextContent } from "../types.js";

type InputItem = OpenAI.Responses.ResponseInputItem;

/**
 * The Responses request: system prompt as `instructions`, history as input items,
 * `store: false` with encrypted reasoning included so reasoning can be replayed
 * statelessly (the signature of a thinking block is the whole reasoning item as JSON).
 */
export function buildResponsesParams(
  model: Model,
  context: Context,
  options: StreamOptions,
): OpenAI.Responses.ResponseCreateParamsStreaming {
  const params: OpenAI.Responses.ResponseCreateParamsStreaming = {
    model: model.id,
    input: convertInput(context),
    stream: true,
    store: false,
    max_output_tokens: options.maxTokens ?? model.maxTokens,
  };
  if (context.systemPrompt) params.instructions = context.systemPrompt;
  if (options.temperature !== undefined && !model.reasoning)
    params.temperature = options.temperature;
  if (context.tools?.length) {
    params.tools = context.tools.map((tool) => ({
      type: "function",
      name: tool.name,
      description: tool.description,
      parameters: tool.parameters as Record<string, unknown>,
      strict: false,
    }));
  }
  if (model.reasoning) {
    // Without a level the model's own default effort applies.
    params.reasoning =
      options.thinking && options.thinking !== "off"
        ? { effort: options.thinking, summary: "auto" }
        : { summary: "auto" };
    params.include = ["reasoning.encrypted_content"];
  }
  return params;
}

function convertInput(context: Context): InputItem[] {
  const items: InputItem[] = [];
  for (const message of context.messages) {
    if (message.role === "user") {
      const content = userParts(message.content);
      if (content.length > 0) items.push({ role: "user", content });
    } else if (message.role === "assistant") {
      for (const block of message.content) {
        if (block.type === "thinking") {
          const item = parseReasoningItem(block.thinkingSignature);
          if (item) items.push(item);
        } else if (block.type === "text") {
          if (block.text.trim()) items.push({ role: "assistant", content: block.text });
        } else {
          const [callId, itemId] = block.id.split("|", 2);
          items.push({
            type: "function_call",
            call_id: callId ?? block.id,
            ...(itemId ? { id: itemId } : {}),
            name: block.name,
            arguments: JSON.stringify(block.arguments ?? {}),
          });
        }
      }
    } else {
      const text = message.content
        .filter((block): block is TextContent => block.type === "text")
        .map((block) => block.text)
        .join("\n");
      const callId = message.toolCallId.split("|", 1)[0] ?? message.toolCallId;
      items.push({ type: "function_call_output", call_id: callId, output: text || "(no output)" });
      const images = message.content.filter(
        (block): block is ImageContent => block.type === "image",
      );
      if (images.length > 0) {
        items.push({
          role: "user",
          content: [
            { type: "input_text", text: "Images returned by the tool call above:" },
            ...images.map(imagePart),
          ],
        });
      }
    }
  }
  return items;
}

function userParts(
  content: string | (TextContent | ImageContent)[],
): OpenAI.Responses.ResponseInputContent[] {
  if (typeof content === "string")
    return content.trim() ? [{ type: "input_text", text: content }] : [];
  return content.flatMap((block): OpenAI.Responses.ResponseInputContent[] =>
    block.type === "text"
      ? block.text.trim()
        ? [{ type: "input_text", text: block.text }]
        : []
      : [imagePart(block)],
  );
}

function imagePart(image: ImageContent): OpenAI.Responses.ResponseInputImage {
  return {
    type: "input_image",
    detail: "auto",
    image_url: `data:${image.mimeType};base64,${image.data}`,
  };
}

function parseReasoningItem(
  signature: string | undefined,
): OpenAI.Responses.ResponseReasoningItem | undefined {
  if (!signature) return undefined;
  try {
    const item = JSON.parse(signature) as OpenAI.Responses.ResponseReasoningItem;
    return item?.type === "reasoning" ? item : undefined;
  } catch {
    return undefined; // a signature from elsewhere: nothing replayable
  }
}
