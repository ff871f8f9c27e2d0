/**
 * `gong mcp login <name>` / `gong mcp logout <name>`: a remote server's OAuth login,
 * run ahead of a session (the same flow a session runs on a 401: the URL printed and
 * opened, the code taken on 127.0.0.1, the tokens kept under `$GONG_HOME/mcp-oauth`), or
 * forgotten. The server is found the way a session finds it (same sources, same trust rule).
 */

import { untrustedFolderWarning } from "@gong/config-files";
import { createModelRegistry } from "@gong/llm";
import {
  CALLBACK_TIMEOUT_MS,
  forgetMcpLogin,
  hasMcpLogin,
  type McpServerEntry,
  McpServers,
  mcpOAuthDir,
  START_TIMEOUT_MS,
} from "@gong/mcp";
import { sessionMcpServerSet, untrustedMcpJsonServers } from "@gong/settings";
import { type CheckMcpServersOptions, mcpCommandSettings } from "./check-servers.js";

export interface McpLoginOptions extends CheckMcpServersOptions {
  server: string;
  /** Where the authorization URL is shown (and the settings' warnings). */
  print: (line: string) => void;
}

export type McpLoginResult = { ok: true; message: string } | { ok: false; message: string };

export async function loginMcpServer(options: McpLoginOptions): Promise<McpLoginResult> {
  const found = findRemoteServer(options);
  if (!found.ok) return found;
  const { entry, dir, withheld } = found;
  // A login on request is a fresh one: the old tokens would only be refreshed.
  forgetMcpLogin(dir, options.server, entry.url);
  const mcp = new McpServers({
    servers: { [options.server]: entry },
    withheldVariables: { [options.server]: withheld },
    env: options.env ?? process.env,
    cwd: options.cwd,
    warn: options.print,
    oauth: { dir, interactive: true },
  });
  try {
    await mcp.ready(START_TIMEOUT_MS + CALLBACK_TIMEOUT_MS);
    const [status] = mcp.statuses();
    if (status?.status !== "connected") {
      return {
        ok: false,
        message: `the login to MCP server "${options.server}" failed: ${status?.error ?? "no answer"}`,
      };
    }
    return hasMcpLogin(dir, options.server, entry.url)
      ? {
          ok: true,
          message: `Logged in to MCP server "${options.server}" (${status.tools} tools).`,
        }
      : {
          ok: true,
          message: `MCP server "${options.server}" needs no login (it answered without one).`,
        };
  } finally {
    await mcp.close();
  }
}

export function logoutMcpServer(options: Omit<McpLoginOptions, "print">): McpLoginResult {
  const found = findRemoteServer(options);
  if (!found.ok) return found;
  return forgetMcpLogin(found.dir, options.server, found.entry.url)
    ? { ok: true, message: `Logged out of MCP server "${options.server}".` }
    : { ok: true, message: `MCP server "${options.server}" had no login stored.` };
}

type Found =
  | {
      ok: true;
      entry: McpServerEntry & { url: string };
      dir: string;
      /** Variables the entry may not read (a project's file: the provider keys). */
      withheld: readonly string[];
    }
  | { ok: false; message: string };

function findRemoteServer(options: CheckMcpServersOptions & { server: string }): Found {
  const { gongHome, loaded, env } = mcpCommandSettings(options);
  const { servers, withheld } = sessionMcpServerSet(
    { cwd: options.cwd, loaded, configFiles: options.mcpConfig ?? [], warn: () => {} },
    createModelRegistry({ gongHome, env }).apiKeyVariables(),
  );
  const entry = Object.hasOwn(servers, options.server) ? servers[options.server] : undefined;
  if (!entry) {
    const names = Object.keys(servers).join(", ") || "none";
    // The name may be in a file this untrusted folder's session skips: say so, and the fix.
    const skipped = untrustedFolderWarning(
      loaded.untrustedSettings.filter((skipped) => skipped.key === "mcpServers"),
      0,
      untrustedMcpJsonServers(options.cwd, loaded),
    );
    const why = skipped ? `: ${skipped}` : "";
    return {
      ok: false,
      message: `no MCP server named "${options.server}" (configured: ${names})${why}`,
    };
  }
  if (!("url" in entry)) {
    return {
      ok: false,
      message: `MCP server "${options.server}" is a local (stdio) server: it has no login`,
    };
  }
  return {
    ok: true,
    entry,
    dir: mcpOAuthDir(gongHome),
    withheld: (Object.hasOwn(withheld, options.server) && withheld[options.server]) || [],
  };
}
