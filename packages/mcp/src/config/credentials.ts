/**
 * Which header values of a remote entry are literal credentials: a value whose secret
 * part (after an optional `Bearer` / `Basic` / `Token`) is not only `${VAR}` references.
 * `gong mcp add` shows an entry masked, and refuses a literal credential for a file that
 * is usually committed (`.mcp.json`): apps/cli/test/mcp.test.ts "a literal token for
 * .mcp.json is refused", test/credentials.test.ts.
 */
import type { McpServerEntry } from "./entry.js";

const SCHEME = /^(Bearer|Basic|Token)\s+/i;
/** Header names that carry credentials by convention. */
const CREDENTIAL_HEADER = /authorization|cookie|token|secret|key|password|session|credential/i;

/**
 * The entry as it may be shown: header values masked (a leading `Bearer` or `Basic`
 * kept), `${VAR}` references shown — they hold no secret.
 */
export function maskedMcpEntry(entry: McpServerEntry): McpServerEntry {
  if (!("url" in entry) || !entry.headers) return entry;
  const headers = Object.fromEntries(
    Object.entries(entry.headers).map(([key, value]) => [key, maskHeaderValue(value)]),
  );
  return { ...entry, headers };
}

function maskHeaderValue(value: string): string {
  if (!hasLiteralSecret(value)) return value;
  const scheme = SCHEME.exec(value)?.[0] ?? "";
  return `${scheme}****`;
}

/** The names of the entry's credential headers whose value holds a literal secret. */
export function literalCredentialHeaders(entry: McpServerEntry): string[] {
  if (!("url" in entry) || !entry.headers) return [];
  return Object.entries(entry.headers)
    .filter(([key, value]) => CREDENTIAL_HEADER.test(key) && hasLiteralSecret(value))
    .map(([key]) => key);
}

/** True unless the value's secret part is `${VAR}` references (after an optional scheme word). */
function hasLiteralSecret(value: string): boolean {
  const rest = value.replace(SCHEME, "");
  return rest.replace(/\$\{[A-Za-z_][A-Za-z0-9_]*(?::-[^}]*)?\}/g, "").trim() !== "";
}
