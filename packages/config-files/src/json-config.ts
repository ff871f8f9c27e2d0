import { readFileSync } from "node:fs";
import {
  applyEdits,
  findNodeAtLocation,
  modify,
  type Node,
  type ParseError,
  parseTree,
  printParseErrorCode,
} from "jsonc-parser";
import { flattenTooDeep, MAX_CONFIG_DEPTH, NESTED_TOO_DEEP } from "./depth.js";
import { type ConfigPosition, positionAt } from "./position.js";
import type { ConfigPath, Locate } from "./validate-config.js";

/** A parsed JSON configuration file: its value and where each part of it was written. */
export interface JsonConfig {
  value: unknown;
  locate: Locate;
}

export type ParseJsonConfigResult =
  | ({ ok: true } & JsonConfig)
  | { ok: false; position: ConfigPosition; message: string };

export type ReadJsonConfigResult =
  | ({ ok: true; text: string } & JsonConfig)
  | { ok: false; missing: true }
  | { ok: false; missing: false; line?: number; column?: number; message: string };

/** What a syntax error code means, in words a user fixing the file understands. */
const SYNTAX_ERRORS: Record<string, string> = {
  InvalidSymbol: "a JSON value (string, number, object, array, true, false or null)",
  InvalidNumberFormat: "a number",
  PropertyNameExpected: "a double-quoted property name",
  ValueExpected: "a JSON value (string, number, object, array, true, false or null)",
  ColonExpected: "':' after the property name",
  CommaExpected: "',' between two entries",
  CloseBraceExpected: "'}' to close the object",
  CloseBracketExpected: "']' to close the array",
  EndOfFileExpected: "the end of the file",
  InvalidCommentToken: "a comment that starts with // or /*",
  UnexpectedEndOfComment: "'*/' to close the comment",
  UnexpectedEndOfString: "a closing double quote",
  UnexpectedEndOfNumber: "more digits",
  InvalidUnicode: "a \\u escape with four hex digits",
  InvalidEscapeCharacter: 'a valid escape (\\n, \\t, \\", \\\\, \\u…)',
  InvalidCharacter: "no raw control characters inside a string",
};

/**
 * Parses a JSON configuration text. Comments and trailing commas are allowed (users
 * annotate their settings, as VS Code's settings.json lets them); any other syntax
 * error comes back with its line and column, because a half-parsed file could load
 * something the user never meant.
 */
export function parseJsonConfig(text: string): ParseJsonConfigResult {
  const original = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (original.trim() === "")
    return { ok: true, value: {}, locate: () => ({ line: 1, column: 1 }) };
  // Values nested too deep for the recursive parser are blanked out first (depth.ts).
  const flat = flattenTooDeep(original);
  if (!flat.ok) {
    return {
      ok: false,
      position: positionAt(original, flat.offset),
      message: `nested more than ${MAX_CONFIG_DEPTH} levels deep`,
    };
  }
  const source = flat.text;
  const errors: ParseError[] = [];
  const tree = parseTree(source, errors, { allowTrailingComma: true, disallowComments: false });
  const first = errors[0];
  if (first || tree === undefined) {
    const offset = first?.offset ?? source.length;
    const found =
      offset < source.length
        ? `found ${JSON.stringify(source[offset])}`
        : "found the end of the file";
    const expected = first ? SYNTAX_ERRORS[printParseErrorCode(first.error)] : undefined;
    return {
      ok: false,
      position: positionAt(source, offset),
      message: expected ? `expected ${expected}, ${found}` : "not a JSON value",
    };
  }
  return { ok: true, value: plainValue(tree, flat.tooDeep), locate: locateIn(source, tree) };
}

/**
 * Reads and parses a JSON configuration file. A missing file is not an error; anything
 * else that stops it loading says why and, for a syntax error, where (see
 * `formatConfigIssue` for the one-line form).
 */
export function readJsonConfigFile(file: string): ReadJsonConfigResult {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return { ok: false, missing: true };
    return { ok: false, missing: false, message: `cannot read it: ${(error as Error).message}` };
  }
  const parsed = parseJsonConfig(text);
  if (parsed.ok) return { ...parsed, text };
  return {
    ok: false,
    missing: false,
    ...parsed.position,
    message: `invalid JSON: ${parsed.message}`,
  };
}

/**
 * `text` with the value at `path` set, its comments and layout kept: rewriting a
 * settings file (`gong --trust`) must not throw away what the user wrote beside it.
 */
export function setJsonConfigValue(text: string, path: ConfigPath, value: unknown): string {
  const source = text.trim() === "" ? "{}\n" : text;
  const edits = modify(source, path, value, {
    formattingOptions: { insertSpaces: true, tabSize: 2, eol: "\n" },
  });
  return applyEdits(source, edits);
}

/**
 * The plain value of a parse tree (jsonc-parser's `getNodeValue`, kept free of
 * prototypes); a value blanked out for its depth is `NESTED_TOO_DEEP`.
 */
function plainValue(node: Node, tooDeep: ReadonlySet<number>): unknown {
  if (tooDeep.has(node.offset)) return NESTED_TOO_DEEP;
  switch (node.type) {
    case "object": {
      // A null prototype: a key named "__proto__" in a settings file stays a plain key.
      const out: Record<string, unknown> = Object.create(null);
      for (const property of node.children ?? []) {
        const [key, value] = property.children ?? [];
        if (key && value) out[String(key.value)] = plainValue(value, tooDeep);
      }
      return { ...out };
    }
    case "array":
      return (node.children ?? []).map((child) => plainValue(child, tooDeep));
    default:
      return node.value;
  }
}

/** Where a path was written: the value itself, or its key (for an unknown key). */
function locateIn(text: string, tree: Node): Locate {
  return (path: ConfigPath, part: "key" | "value") => {
    // The nearest written ancestor, when the path itself is not in the file.
    for (let length = path.length; length >= 0; length--) {
      const node = findNodeAtLocation(tree, path.slice(0, length));
      if (!node) continue;
      const key = part === "key" && length === path.length ? node.parent?.children?.[0] : undefined;
      const target = node.parent?.type === "property" && key ? key : node;
      return positionAt(text, target.offset);
    }
    return positionAt(text, 0);
  };
}
