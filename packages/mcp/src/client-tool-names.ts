import { LIST_RESOURCES_NAME, READ_RESOURCE_NAME } from "./resource-tools.js";
import { TOOL_SEARCH_NAME } from "./tool-search.js";

/** The MCP client's own tools (not a server's): `--tools` may name them like `mcp__…` tools. */
export const MCP_CLIENT_TOOL_NAMES: readonly string[] = [
  LIST_RESOURCES_NAME,
  READ_RESOURCE_NAME,
  TOOL_SEARCH_NAME,
];
