/**
 * YAML front matter of a Markdown file (SKILL.md, prompt commands): one parser, so a
 * skill and a command report the same problems the same way. A field of the wrong type
 * or an unknown one is dropped with a `file:line:col` warning; a block that is not YAML is
 * read line by line as Claude Code does (test/prompt-commands.test.ts, @gong/settings'
 * test/skills.test.ts).
 */

import { fromClaudeToolName, isBuiltInToolName } from "@gong/tools";
import type { TSchema } from "@sinclair/typebox";
import { type Document, isMap, isSeq, parseDocument } from "yaml";
import { formatConfigIssue } from "./format-issue.js";
import { readFrontMatterLines } from "./front-matter-lines.js";
import { positionAt } from "./position.js";
import { type ConfigPath, validateConfig } from "./validate-config.js";

export type FrontMatter =
  | {
      kind: "parsed";
      /** The fields the schema accepts; the others were dropped with a warning. */
      fields: Record<string, unknown>;
      body: string;
      warnings: string[];
      /** Where a field was written (lines of the whole file), for later warnings. */
      at: (path: ConfigPath, part: "key" | "value") => { line: number; column: number };
      /**
       * Set when the block is not valid YAML and was read line by line (Claude Code's
       * reading): why YAML refused it, for an error when even that gives too little.
       */
      notYaml?: string;
    }
  /** The file does not start with `---`: all of it is the body. */
  | { kind: "none"; body: string }
  /** Neither YAML nor a line-by-line reading finds a field; `reason` says what to change. */
  | { kind: "invalid"; reason: string };

const FENCED = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;

/**
 * The front matter as YAML; where that fails, read as Claude Code reads it (one
 * `key: value` per line, front-matter-lines.ts). A list where the schema wants a string
 * (`argument-hint: [file]`) becomes text: as written when on one line, else joined.
 */
export function parseFrontMatter(text: string, schema: TSchema, file: string): FrontMatter {
  const unmarked = text.replace(/^\uFEFF/, "");
  const match = unmarked.match(FENCED);
  if (!match) return { kind: "none", body: unmarked };
  const yaml = match[1]!;
  const body = match[2]!;
  const document = parseDocument(yaml);
  const yamlError = document.errors[0]?.message;
  if (yamlError !== undefined)
    return parseLines(yaml, body, schema, file, yamlError.split("\n")[0]!);
  let parsed: unknown;
  try {
    parsed = document.toJS();
  } catch (error) {
    // toJS refuses an alias bomb (billion laughs) rather than exhausting memory: valid
    // YAML written to attack, not a Claude Code file, so no second reading either.
    const reason = (error as Error).message.split("\n")[0];
    return { kind: "invalid", reason: `its front matter is not valid YAML (${reason}).` };
  }
  const at = locateInYaml(document, yaml);
  const fields = stringsForLists(document, yaml, parsed, schema);
  const checked = validateConfig(schema, fields ?? {}, at);
  // The YAML library's own warnings (an unknown tag) go where ours go, not to stderr.
  const warnings = [
    ...document.warnings.map((warning) => `${file}: ${warning.message.split("\n")[0]}`),
    ...checked.issues.map((issue) => formatConfigIssue(file, issue)),
  ];
  return {
    kind: "parsed",
    fields: (checked.value ?? {}) as Record<string, unknown>,
    body,
    warnings,
    at,
  };
}

/** The line-by-line reading of a block YAML refused; no field at all is still invalid. */
function parseLines(
  block: string,
  body: string,
  schema: TSchema,
  file: string,
  yamlError: string,
): FrontMatter {
  const { fields, lines } = readFrontMatterLines(block);
  if (Object.keys(fields).length === 0) {
    return {
      kind: "invalid",
      reason: `its front matter is neither valid YAML (${yamlError}) nor key: value lines: write one field per line, e.g. description: …`,
    };
  }
  const joined = Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [
      key,
      Array.isArray(value) && !acceptsList(schema, key) ? value.join(", ") : value,
    ]),
  );
  const at = (path: ConfigPath) => ({ line: (lines[String(path[0])] ?? 0) + 1, column: 1 });
  const checked = validateConfig(schema, joined, at);
  const warnings = checked.issues.map((issue) => formatConfigIssue(file, issue));
  const kept = (checked.value ?? {}) as Record<string, unknown>;
  return { kind: "parsed", fields: kept, body, warnings, at, notYaml: yamlError };
}

/** Whether the schema's field `key` takes a list (`tools`, `allowed-tools`). */
function acceptsList(schema: TSchema, key: string): boolean {
  const field = (schema.properties as Record<string, TSchema> | undefined)?.[key];
  if (!field) return true; // an unknown field is dropped with a warning anyway
  const options: TSchema[] = field.anyOf ?? [field];
  return options.some((option) => option.type === "array");
}

/**
 * A top-level list given where a string is expected becomes that string: the text as
 * written when the list is on one line (`argument-hint: [pr-number]` was meant as it
 * reads), else its items joined with ", ".
 */
function stringsForLists(
  document: Document,
  yaml: string,
  parsed: unknown,
  schema: TSchema,
): unknown {
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed) || !isMap(document.contents))
    return parsed;
  const fields = { ...(parsed as Record<string, unknown>) };
  for (const pair of document.contents.items) {
    const key = (pair.key as { value?: unknown } | null)?.value;
    if (typeof key !== "string" || !Array.isArray(fields[key]) || acceptsList(schema, key))
      continue;
    const value = pair.value as { range?: [number, number, number]; flow?: boolean } | null;
    const written = value?.range ? yaml.slice(value.range[0], value.range[1]) : "";
    const items = fields[key] as unknown[];
    // A list of numbers or maps is no text someone meant: the type warning stands.
    if (!items.every((item) => typeof item === "string")) continue;
    fields[key] = value?.flow && !written.includes("\n") ? written.trim() : items.join(", ");
  }
  return fields;
}

/**
 * A tool list as a YAML list or a comma/space-separated string, in Gong's names or Claude
 * Code's, to Gong's names (`Bash(python:*)` → `bash`), each once.
 */
export function toolNamesOf(value: unknown): string[] {
  const items = Array.isArray(value)
    ? value.map(String)
    : (String(value).match(/[^\s,(]+(?:\([^)]*\))?/g) ?? []);
  const tools = items.map((item) => fromClaudeToolName(item.trim().replace(/\(.*\)$/, "")));
  return [...new Set(tools.filter(Boolean))];
}

/** Whether a file may name `name`: one of Gong's tools (by either name) or an MCP tool. */
export function isKnownToolName(name: string): boolean {
  return isBuiltInToolName(name) || name.startsWith("mcp__");
}

/** A tool list field read: Gong's names it gives, and the names Gong has no tool for. */
export interface ToolListField {
  tools: string[];
  unknown: string[];
}

/**
 * A tool list field (`allowed-tools`, `tools`, `disallowedTools`) as a YAML list or a
 * comma/space-separated string, in Gong's names or Claude Code's (`Bash(git add:*)` →
 * `bash`: the argument pattern is Claude Code's permission syntax; Gong takes the whole
 * tool). A name Gong has no tool for is left out and returned in `unknown`, for the
 * session's one line (unknown-tool-names.ts). Undefined when the field is absent.
 */
export function toolListField(
  front: Extract<FrontMatter, { kind: "parsed" }>,
  key: string,
): ToolListField | undefined {
  const value = front.fields[key];
  // `tools:` left empty or `tools: *` (read line by line) names no list: every tool, as absent.
  if (value === undefined || value === null || value === "" || value === "*") return undefined;
  const named = toolNamesOf(value);
  return {
    tools: named.filter(isKnownToolName),
    unknown: named.filter((tool) => !isKnownToolName(tool)),
  };
}

/**
 * Where a front matter path was written, in lines of the whole file (the front matter
 * starts on line 2, after the opening `---`).
 */
function locateInYaml(document: Document, text: string) {
  return (at: ConfigPath, part: "key" | "value") => {
    let node: unknown = document.contents;
    let offset = 0;
    for (const [index, segment] of at.entries()) {
      if (isMap(node)) {
        const pair = node.items.find(
          (item) => (item.key as { value?: unknown } | null)?.value === segment,
        );
        if (!pair) break;
        const key = pair.key as { range?: [number, number, number] };
        const value = pair.value as { range?: [number, number, number] } | null;
        const last = index === at.length - 1;
        offset = (last && part === "key" ? key.range?.[0] : value?.range?.[0]) ?? offset;
        node = pair.value;
      } else if (isSeq(node) && typeof segment === "number") {
        const item = node.items[segment] as { range?: [number, number, number] } | undefined;
        if (!item) break;
        offset = item.range?.[0] ?? offset;
        node = item;
      } else break;
    }
    const { line, column } = positionAt(text, offset);
    return { line: line + 1, column };
  };
}
