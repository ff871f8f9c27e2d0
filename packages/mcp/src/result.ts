/**
 * An MCP `tools/call` result as gong's tool envelope: `data.content` keeps the blocks,
 * the model reads their text joined (embedded resources as text, images as images in
 * `data.images`), and `isError` becomes an `error` envelope. The agent's truncator
 * then treats it like any other tool's result (a huge answer is spilled to a file).
 */
import { failure, success, type ToolImage, type ToolResponse } from "@gong/tools";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";

type ContentBlock = CallToolResult["content"][number];

/** A block for `data.content`: binary payloads replaced by their size (images go to `data.images`). */
function recorded(block: ContentBlock): Record<string, unknown> {
  if (block.type === "image" || block.type === "audio") {
    return { type: block.type, mimeType: block.mimeType, bytes: base64Bytes(block.data) };
  }
  if (block.type === "resource" && "blob" in block.resource) {
    const { blob, ...rest } = block.resource;
    return { type: "resource", resource: { ...rest, bytes: base64Bytes(blob) } };
  }
  return block as Record<string, unknown>;
}

function base64Bytes(data: string): number {
  return Math.floor((data.length * 3) / 4) - (data.endsWith("==") ? 2 : data.endsWith("=") ? 1 : 0);
}

/** What the model reads of one block (of a tool's result or a prompt's message). */
export function textOf(block: ContentBlock): string | undefined {
  switch (block.type) {
    case "text":
      return block.text;
    case "resource":
      return "text" in block.resource
        ? block.resource.text
        : `[resource ${block.resource.uri}: ${block.resource.mimeType ?? "binary"}, ${base64Bytes(block.resource.blob)} bytes, not shown]`;
    case "resource_link":
      return `[resource ${block.uri}${block.name ? ` (${block.name})` : ""}]`;
    case "audio":
      return `[audio ${block.mimeType}, ${base64Bytes(block.data)} bytes, not shown]`;
    case "image":
      return undefined;
    default:
      return undefined;
  }
}

/** The envelope of one call's result; `toolName` is the gong name (`mcp__server__tool`). */
export function resultEnvelope(result: CallToolResult, toolName: string): ToolResponse {
  const blocks = Array.isArray(result.content) ? result.content : [];
  const images: ToolImage[] = blocks.flatMap((block) =>
    block.type === "image" ? [{ type: "image", data: block.data, mimeType: block.mimeType }] : [],
  );
  const texts = blocks.map(textOf).filter((text): text is string => text !== undefined);
  // A server that answers only with structured content still has something to say.
  if (texts.length === 0 && result.structuredContent !== undefined) {
    texts.push(JSON.stringify(result.structuredContent, null, 2));
  }
  const text = texts.join("\n");
  const data: Record<string, unknown> = { content: blocks.map(recorded) };
  if (images.length > 0) data.images = images;
  if (result.structuredContent !== undefined) data.structured_content = result.structuredContent;

  if (result.isError === true) {
    return failure("EXECUTION_ERROR", text || `${toolName} reported an error without a message.`, {
      data,
      next: [
        `Read the error above, fix the arguments and call ${toolName} again, or tell the user what failed.`,
      ],
    });
  }
  if (text === "" && images.length === 0) return success(data, `${toolName} returned no content.`);
  return success(data, text === "" ? `${toolName} returned ${images.length} image(s).` : text);
}
