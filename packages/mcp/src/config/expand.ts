/**
 * `${VAR}` and `${VAR:-default}` in an entry's strings, as Claude Code expands them in
 * `.mcp.json`, so a checked-in file can name a token without holding it.
 */
import { isRemoteEntry, type McpServerEntry } from "./entry.js";

const REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

/** `withheld`: the variables the entry referenced but may not read (as unset). */
export type ExpandResult =
  | { ok: true; entry: McpServerEntry; withheld: string[] }
  | { ok: false; missing: string[]; withheld: string[] };

/**
 * The entry with every reference replaced. A variable that is unset and has no default
 * makes the entry unusable (a server started with an empty token fails in a way that is
 * hard to trace): the names come back so the caller can say which. A `withheld`
 * variable (a provider API key, for an entry from a project's file) reads as unset:
 * its default, or missing; the names come back so the caller can say why.
 */
export function expandEntry(
  entry: McpServerEntry,
  env: NodeJS.ProcessEnv,
  withheld: ReadonlySet<string> = new Set(),
): ExpandResult {
  const missing = new Set<string>();
  const refused = new Set<string>();
  const text = (value: string) =>
    value.replace(REFERENCE, (_match, name: string, fallback: string | undefined) => {
      if (withheld.has(name)) refused.add(name);
      const set = withheld.has(name) ? undefined : env[name];
      if (set !== undefined && set !== "") return set;
      if (fallback !== undefined) return fallback;
      missing.add(name);
      return "";
    });
  const record = (values: Record<string, string> | undefined) =>
    values === undefined
      ? undefined
      : Object.fromEntries(Object.entries(values).map(([key, value]) => [key, text(value)]));

  const expanded: McpServerEntry = isRemoteEntry(entry)
    ? {
        ...entry,
        url: text(entry.url),
        ...optional("headers", record(entry.headers)),
        // A client secret in a checked-in .mcp.json is a `${VAR}` like a header's token.
        ...optional(
          "oauth",
          entry.oauth && {
            ...entry.oauth,
            ...optional("clientId", entry.oauth.clientId && text(entry.oauth.clientId)),
            ...optional("clientSecret", entry.oauth.clientSecret && text(entry.oauth.clientSecret)),
          },
        ),
      }
    : {
        ...entry,
        command: text(entry.command),
        ...optional("args", entry.args?.map(text)),
        ...optional("env", record(entry.env)),
        ...optional("cwd", entry.cwd === undefined ? undefined : text(entry.cwd)),
      };
  const withheldNames = [...refused];
  return missing.size > 0
    ? { ok: false, missing: [...missing], withheld: withheldNames }
    : { ok: true, entry: expanded, withheld: withheldNames };
}

function optional<Key extends string, Value>(key: Key, value: Value | undefined) {
  return value === undefined ? {} : ({ [key]: value } as Record<Key, Value>);
}
