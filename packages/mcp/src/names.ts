/**
 * Tool names as Claude Code writes them, so hook matchers and permission rules carry
 * over: `mcp__<server>__<tool>`. Providers accept `[A-Za-z0-9_-]{1,64}`; longer names
 * (servers with long tool names are common) are cut and get a hash of the full name,
 * so the same tool keeps the same name from run to run.
 */
import { createHash } from "node:crypto";

export const MAX_TOOL_NAME_LENGTH = 64;
const HASH_LENGTH = 8;

/** Characters outside `[A-Za-z0-9_-]` become `_`. */
export function sanitizeNamePart(part: string): string {
  return part.replace(/[^A-Za-z0-9_-]/g, "_");
}

function shortHash(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, HASH_LENGTH);
}

/** `mcp__<server>__<tool>`, at most 64 characters (a stable hash suffix when cut). */
export function mcpToolName(server: string, tool: string): string {
  const full = `mcp__${sanitizeNamePart(server)}__${sanitizeNamePart(tool)}`;
  if (full.length <= MAX_TOOL_NAME_LENGTH && full === `mcp__${server}__${tool}`) return full;
  // Cut, or made equal to another tool's name by the replacement (`a.b` and `a_b`): the
  // hash of the exact server and tool names keeps them apart.
  const suffix = `_${shortHash(`${server}\u0000${tool}`)}`;
  return `${full.slice(0, MAX_TOOL_NAME_LENGTH - suffix.length)}${suffix}`;
}

/**
 * Names for a set of tools, none used twice: should two still meet (a hash collision, or
 * a plain name equal to another's hashed one), the later gets a counter.
 */
export function uniqueToolNames(
  tools: readonly { server: string; tool: string }[],
  taken: ReadonlySet<string> = new Set(),
): string[] {
  const used = new Set(taken);
  return tools.map(({ server, tool }) => {
    let name = mcpToolName(server, tool);
    for (let n = 2; used.has(name); n++) {
      const suffix = `_${n}`;
      name = `${mcpToolName(server, tool).slice(0, MAX_TOOL_NAME_LENGTH - suffix.length)}${suffix}`;
    }
    used.add(name);
    return name;
  });
}
