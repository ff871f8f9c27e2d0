/**
 * `gong mcp add` / `gong mcp remove`: one entry of `mcpServers` written to or taken out
 * of the user settings (`~/.gong/settings.json`, scope `user`) or the project's
 * `.mcp.json` (scope `project`, Claude Code's file), the file's other keys, comments and
 * layout kept.
 *
 * Credentials: a header may carry a token (`Authorization: Bearer …`). The user file is
 * written 0600 (only its owner reads it); the project's `.mcp.json` is usually committed,
 * so a credential header there must be a `${VAR}` reference, expanded from the
 * environment when the server starts — a literal one is refused, naming the form to use
 * (apps/cli/test/mcp-add.test.ts, "a literal token for .mcp.json is refused"). Which
 * headers are literal credentials is credentials.ts' rule (`literalCredentialHeaders`).
 */
import {
  editJsonConfigFile,
  globalSettingsPath,
  projectMcpJsonPath,
  type UserSettingsWrite,
} from "@gong/config-files";
import { shellQuote } from "@gong/tools";
import { literalCredentialHeaders } from "./credentials.js";
import type { McpServerEntry } from "./entry.js";

/** Where `gong mcp add|remove --scope` writes (`@gong/protocol/session-flags` lists them). */
export type McpScope = "user" | "project";

export interface McpServerFile {
  scope: McpScope;
  gongHome: string;
  /** The project root, where `.mcp.json` lives. */
  cwd: string;
}

/** The user settings may hold a server's token: readable by their owner only. */
const USER_FILE_MODE = 0o600;

export function mcpServerFile(where: McpServerFile): string {
  return where.scope === "user"
    ? globalSettingsPath(where.gongHome)
    : projectMcpJsonPath(where.cwd);
}

/** Writes `entry` as server `name`; a server of that name already there is refused. */
export function addMcpServer(
  where: McpServerFile,
  name: string,
  entry: McpServerEntry,
): Promise<UserSettingsWrite> {
  const literal = where.scope === "project" ? literalCredentialHeaders(entry) : [];
  if (literal.length > 0) {
    return Promise.resolve({ ok: false, message: literalCredentialMessage(name, entry, literal) });
  }
  return editJsonConfigFile(
    mcpServerFile(where),
    (config, file) =>
      Object.hasOwn(serversOf(config), name)
        ? {
            ok: false,
            message: `${file} already has an MCP server named "${name}"; remove it first (gong mcp remove ${name}${scopeFlag(where)})`,
          }
        : { ok: true, set: [[["mcpServers", name], entry]] },
    `run gong mcp add again`,
    fileMode(where),
  );
}

/** Takes server `name` out; a name the file does not have is refused. */
export function removeMcpServer(where: McpServerFile, name: string): Promise<UserSettingsWrite> {
  return editJsonConfigFile(
    mcpServerFile(where),
    (config, file) => {
      const servers = serversOf(config);
      if (Object.hasOwn(servers, name))
        return { ok: true, set: [[["mcpServers", name], undefined]] };
      const names = Object.keys(servers).join(", ") || "none";
      return { ok: false, message: `no MCP server named "${name}" in ${file} (there: ${names})` };
    },
    `run gong mcp remove again`,
    fileMode(where),
  );
}

/**
 * Why the entry is refused, and the command that writes it with `${VAR}` references
 * instead (one variable per credential header), ready to copy.
 */
function literalCredentialMessage(name: string, entry: McpServerEntry, literal: string[]): string {
  if (!("url" in entry)) return "";
  const base = `${
    name
      .toUpperCase()
      .replace(/[^A-Z0-9]+/g, "_")
      .replace(/^_+|_+$/g, "") || "MCP"
  }_TOKEN`;
  const variables = literal.map((_, index) => (index === 0 ? base : `${base}_${index + 1}`));
  const headerWords = Object.entries(entry.headers ?? {}).map(([key, value]) => {
    const index = literal.indexOf(key);
    if (index < 0) return `--header ${shellWord(`${key}: ${value}`)}`;
    const scheme = /^(Bearer|Basic|Token)\s+/i.exec(value)?.[0] ?? "";
    return `--header '${key}: ${scheme}\${${variables[index]}}'`;
  });
  const command = [
    "gong mcp add --scope project --transport",
    entry.type ?? "http",
    shellWord(name),
    shellWord(entry.url),
    ...headerWords,
  ].join(" ");
  return [
    `not written: .mcp.json is usually committed, and the header${literal.length > 1 ? "s" : ""} ${literal.join(", ")} would put a literal credential in it.`,
    `Keep the token in your environment and a reference in the file: export ${variables.map((v) => `${v}=<token>`).join(" ")}, then run`,
    `  ${command}`,
    "(single quotes, so the shell does not expand the reference), or keep the server for yourself only with --scope user (~/.gong/settings.json, mode 0600).",
  ].join("\n");
}

/** `value` as one shell word: bare when it is plainly safe, else single-quoted. */
function shellWord(value: string): string {
  return /^[A-Za-z0-9_./:@%+=,-]+$/.test(value) ? value : shellQuote(value);
}

function serversOf(config: Record<string, unknown>): Record<string, unknown> {
  const servers = config.mcpServers;
  return typeof servers === "object" && servers !== null && !Array.isArray(servers)
    ? (servers as Record<string, unknown>)
    : {};
}

function fileMode(where: McpServerFile): { mode?: number } {
  return where.scope === "user" ? { mode: USER_FILE_MODE } : {};
}

function scopeFlag(where: McpServerFile): string {
  return where.scope === "user" ? "" : ` --scope ${where.scope}`;
}
