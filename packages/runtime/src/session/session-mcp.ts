import { resolveGongHome } from "@gong/base";
import { jobsDir } from "@gong/config-files";
import { type McpServers, mcpOAuthDir, mcpTimeoutFromEnvironment } from "@gong/mcp";
import { sessionMcpServerSet } from "@gong/settings";
import { JobLedger } from "@gong/tools";

import type { SessionInputs } from "./session-inputs.js";

/**
 * How long opening a session waits for its MCP servers: long enough for a typical stdio
 * server (well under a second), short enough that a slow one never holds the first
 * prompt; a server that is ready later joins and its tools are offered from the next turn.
 */
export const MCP_FIRST_PROMPT_WAIT_MS = 5_000;

/**
 * The first prompt's wait: `MCP_TIMEOUT` (ms, Claude Code's variable for how long servers
 * may take to start) when set — who sets it wants the servers' tools from the first turn,
 * on a busy machine too (the apps' tests set it) — otherwise `MCP_FIRST_PROMPT_WAIT_MS`.
 */
export function mcpFirstPromptWaitMs(env: NodeJS.ProcessEnv): number {
  return mcpTimeoutFromEnvironment(env.MCP_TIMEOUT) ?? MCP_FIRST_PROMPT_WAIT_MS;
}

/**
 * Starts the session's MCP servers (all at once); undefined when none are configured.
 * The MCP client (the SDK, zod, ajv: three quarters of a megabyte) is loaded only then:
 * a session without servers starts without it (start-modules.test.ts).
 */
export async function startSessionMcpServers(
  inputs: SessionInputs,
): Promise<McpServers | undefined> {
  const { servers, withheld } = sessionMcpServerSet(
    {
      cwd: inputs.cwd,
      loaded: inputs.loaded,
      configFiles: inputs.options.mcpConfig ?? [],
      added: inputs.options.mcpServers ?? {},
      warn: inputs.warn,
    },
    inputs.registry.apiKeyVariables(),
  );
  if (Object.keys(servers).length === 0) return undefined;
  const gongHome = inputs.settingsQuery.gongHome ?? resolveGongHome(inputs.env);
  const [{ McpServers }, { sessionElicitation }] = await Promise.all([
    import("@gong/mcp"),
    import("./session-elicitation.js"),
  ]);
  return new McpServers({
    servers,
    withheldVariables: withheld,
    env: inputs.env,
    cwd: inputs.cwd,
    warn: inputs.warn,
    elicit: sessionElicitation(inputs.options),
    // A 401 starts the browser login, in every mode (`gong -p` too).
    oauth: { dir: mcpOAuthDir(gongHome), interactive: true },
    // Beside bash's jobs: a gong killed with -9 leaves servers the next session ends
    // (`endOrphanedJobs` in create-session.ts; mcp.test.ts, "killed with -9").
    processLedger: new JobLedger(
      jobsDir(inputs.where.gongHome),
      inputs.warn,
      "mcp",
      "the MCP servers' processes",
    ),
  });
}
