/**
 * Front matter read line by line, the way Claude Code reads a block that is not valid
 * YAML: each `key: value` line at the start of a line is a field whose value is the rest
 * of the line (so `description: Use this agent when … Examples: <example>…` and
 * `argument-hint: [auth-method] | --oauth` keep their text); an indented or unkeyed line
 * continues the field above; `- item` lines under an empty `key:` are a list.
 * (@gong/settings test/agent-files.test.ts and test/skills.test.ts, apps/cli/test/claude-code-files.test.ts)
 */
export interface FrontMatterLines {
  fields: Record<string, string | string[]>;
  /** The line (of the block, from 1) each field's key is on. */
  lines: Record<string, number>;
}

const KEYED = /^([A-Za-z_][\w-]*)\s*:(?:\s+(.*))?$/;
const LIST_ITEM = /^\s*-\s+(.*)$/;

export function readFrontMatterLines(block: string): FrontMatterLines {
  const fields: Record<string, string | string[]> = {};
  const lines: Record<string, number> = {};
  let current: string | undefined;
  for (const [index, line] of block.split(/\r?\n/).entries()) {
    if (line.trim() === "" || line.trimStart().startsWith("#")) continue;
    const keyed = line.match(KEYED);
    if (keyed) {
      current = keyed[1]!;
      fields[current] = unquoted(keyed[2] ?? "");
      lines[current] = index + 1;
      continue;
    }
    if (current === undefined) continue; // text before any key: nothing to attach it to
    const value = fields[current]!;
    const item = line.match(LIST_ITEM);
    if (item && (Array.isArray(value) || value === "")) {
      fields[current] = [...(Array.isArray(value) ? value : []), unquoted(item[1]!)];
    } else if (typeof value === "string") {
      fields[current] = value === "" ? line.trim() : `${value}\n${line.trim()}`;
    }
  }
  return { fields, lines };
}

/** `"a: b"` or `'a: b'` written whole → `a: b`; anything else as written. */
function unquoted(text: string): string {
  const trimmed = text.trim();
  const quote = trimmed[0];
  if ((quote === '"' || quote === "'") && trimmed.length > 1 && trimmed.endsWith(quote)) {
    return trimmed.slice(1, -1);
  }
  return trimmed;
}
