/**
 * An ACP prompt (content blocks) as gong's prompt: text and images. Embedded context
 * (a file the user attached) is given to the model inline, with its URI; a link to a
 * resource is named so the model can read it with its tools.
 */
import type { ContentBlock } from "@agentclientprotocol/sdk";
import type { ImageContent } from "@gong/runtime";

export function promptFromBlocks(blocks: readonly ContentBlock[]): {
  text: string;
  images: ImageContent[];
} {
  const texts: string[] = [];
  const images: ImageContent[] = [];
  for (const block of blocks) {
    switch (block.type) {
      case "text":
        texts.push(block.text);
        break;
      case "image":
        images.push({ type: "image", data: block.data, mimeType: block.mimeType });
        break;
      case "resource": {
        const resource = block.resource;
        if ("text" in resource)
          texts.push(`<context uri="${resource.uri}">\n${resource.text}\n</context>`);
        else texts.push(`(attached binary resource: ${resource.uri})`);
        break;
      }
      case "resource_link":
        texts.push(`(see ${block.uri})`);
        break;
      case "audio":
        texts.push("(an audio clip was attached; gong cannot listen to audio)");
        break;
    }
  }
  return { text: texts.join("\n\n"), images };
}
