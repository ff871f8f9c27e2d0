/**
 * Tool search: when the MCP tools' definitions would take more than a tenth of the
 * model's context window, the model gets one `mcp_tool_search(query)` tool instead of
 * them. It answers the best-matching tools' names, descriptions and schemas, and those
 * tools are offered from the next model call on (the session rebuilds its tool list),
 * so a hundred-tool server costs a few hundred tokens until the model needs a tool.
 */
import { failure, success, type Tool } from "@gong/tools";
import { Type } from "@sinclair/typebox";

export const TOOL_SEARCH_NAME = "mcp_tool_search";
/** The share of the context window the MCP tool definitions may take before search replaces them. */
export const TOOL_SEARCH_SHARE = 0.1;
const MAX_MATCHES = 8;

export interface McpToolSearch {
  /** The model's context window in tokens. */
  contextWindow: number;
  /** Tokens of a text, as the session estimates them. */
  countTokens: (text: string) => number;
}

/** What the model reads of a tool when it is offered: its tokens are what search saves. */
export function toolDefinitionText(tool: Tool): string {
  return JSON.stringify({
    name: tool.name,
    description: tool.description,
    input_schema: tool.parameters,
  });
}

export function definitionTokens(
  tools: readonly Tool[],
  countTokens: (text: string) => number,
): number {
  return tools.reduce((sum, tool) => sum + countTokens(toolDefinitionText(tool)), 0);
}

export function createToolSearchTool(options: {
  /** Every MCP tool the session could offer now. */
  tools: () => Tool[];
  /** Offers these tools from the next model call on. */
  unlock: (names: string[]) => void;
}): Tool {
  return {
    name: TOOL_SEARCH_NAME,
    label: "MCP tool search",
    description:
      'Finds tools of the connected MCP servers (they are too many to list here). Give keywords of the task (e.g. "github pull request", "create ticket") or exact tool names; the matching tools\' names, descriptions and schemas come back, and you can call those tools from your next message.',
    parameters: Type.Object({
      query: Type.String({ minLength: 1, description: "Keywords or tool names, space-separated." }),
    }),
    readOnly: true,
    async execute(params) {
      const query = String((params as { query?: unknown }).query ?? "");
      const matches = searchTools(options.tools(), query);
      if (matches.length === 0) {
        return failure("NOT_FOUND", `No MCP tool matches "${query}".`, {
          next: ["Search again with other keywords, or fewer of them."],
        });
      }
      options.unlock(matches.map((tool) => tool.name));
      const listed = matches.map((tool) => ({
        name: tool.name,
        description: tool.description,
        input_schema: tool.parameters,
      }));
      const text = [
        `${matches.length} MCP tool${matches.length === 1 ? "" : "s"} matching "${query}", callable from your next message:`,
        ...listed.map(
          (t) =>
            `\n## ${t.name}\n${t.description}\ninput_schema: ${JSON.stringify(t.input_schema)}`,
        ),
      ].join("\n");
      return success({ tools: listed }, text);
    },
  };
}

/** Tools ranked by how many query words their name and description contain; an exact name first. */
function searchTools(tools: Tool[], query: string): Tool[] {
  const words = query
    .toLowerCase()
    .split(/[\s,]+/)
    .filter(Boolean);
  const scored = tools.map((tool) => {
    const name = tool.name.toLowerCase();
    const haystack = `${name.replace(/_+/g, " ")} ${tool.description.toLowerCase()}`;
    let score = 0;
    for (const word of words) {
      if (name === word || name.endsWith(`__${word}`)) score += 10;
      else if (haystack.includes(word)) score += 1;
    }
    return { tool, score };
  });
  return scored
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, MAX_MATCHES)
    .map((s) => s.tool);
}
