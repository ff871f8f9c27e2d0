/**
 * A server's prompts as slash commands: `/mcp__<server>__<prompt> args` (named like its
 * tools, names.ts). The words typed after the name fill the prompt's declared arguments
 * in order, extra words joined into the last; its messages become one prompt.
 */
import type { ToolImage } from "@gong/tools";
import type { GetPromptResult, McpPromptDefinition } from "./connection.js";
import { textOf } from "./result.js";

export interface McpPrompt {
  /** The command name, without the slash: `mcp__<server>__<prompt>`. */
  name: string;
  server: string;
  prompt: string;
  description: string;
  /** The declared arguments in order, as a menu shows them: `<city> [state]`. */
  argumentHint?: string;
}

export type McpPromptText =
  | { ok: true; text: string; images: ToolImage[] }
  | { ok: false; error: string };

export function promptInfo(name: string, server: string, definition: McpPromptDefinition) {
  const args = definition.arguments ?? [];
  const hint = args.map((arg) => (arg.required ? `<${arg.name}>` : `[${arg.name}]`)).join(" ");
  const info: McpPrompt = {
    name,
    server,
    prompt: definition.name,
    description:
      definition.description?.trim() ||
      definition.title ||
      `Prompt "${definition.name}" of the MCP server "${server}".`,
  };
  if (hint) info.argumentHint = hint;
  return info;
}

/**
 * The words for the declared arguments: the i-th word to the i-th argument, the rest
 * joined into the last. A required argument without a word is an error naming it.
 */
export function promptArguments(
  name: string,
  definition: McpPromptDefinition,
  words: readonly string[],
): { ok: true; args: Record<string, string> } | { ok: false; error: string } {
  const declared = definition.arguments ?? [];
  const args: Record<string, string> = {};
  for (const [index, arg] of declared.entries()) {
    const last = index === declared.length - 1;
    const value = last ? words.slice(index).join(" ") : words[index];
    if (value !== undefined && value !== "") args[arg.name] = value;
  }
  const missing = declared.filter((arg) => arg.required && args[arg.name] === undefined);
  if (missing.length > 0) {
    const usage = declared.map((arg) => (arg.required ? `<${arg.name}>` : `[${arg.name}]`));
    return {
      ok: false,
      error: `/${name} needs ${missing.map((arg) => arg.name).join(" and ")}: type /${name} ${usage.join(" ")}`,
    };
  }
  return { ok: true, args };
}

/** The prompt's messages as one prompt: their text in order, images attached. */
export function promptText(result: GetPromptResult): { text: string; images: ToolImage[] } {
  const texts: string[] = [];
  const images: ToolImage[] = [];
  for (const message of result.messages) {
    const block = message.content;
    if (block.type === "image")
      images.push({ type: "image", data: block.data, mimeType: block.mimeType });
    const text = textOf(block);
    if (text !== undefined) texts.push(text);
  }
  return { text: texts.join("\n\n"), images };
}
