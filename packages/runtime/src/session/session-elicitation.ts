import {
  acceptElicitationDefaults,
  declineElicitation,
  elicitThroughAskUser,
  type McpElicitHandler,
} from "@gong/mcp";
import type { CodingSessionOptions } from "./options.js";

/**
 * Who answers an MCP server's elicitation in this session: the host's ask_user dialog
 * (interactive, RPC, an ACP editor); where there is none (print and json mode), the
 * form's defaults under `--yes`, else a decline.
 */
export function sessionElicitation(options: CodingSessionOptions): McpElicitHandler {
  if (options.askUser) return elicitThroughAskUser(options.askUser);
  return options.mcpElicitationDefaults ? acceptElicitationDefaults : declineElicitation;
}
