/**
 * YAML front matter of a Markdown file (SKILL.md, prompt commands): one parser, so a
 * skill and a command report the same problems the same way. A field of the wrong type
 * or an unknown one is dropped with a `file:line:col` warning; YAML that does not parse
 * is an error (test/skills/parse-skill.test.ts, test/commands/parse-command.test.ts).
 */
import { type ConfigPath, formatConfigIssue, positionAt, validateConfig } from "@gong/config-files";
import { TOOL_NAMES } from "@gong/tools";
import type { TSchema } from "@sinclair/typebox";
import { type Document, isMap, isSeq, parseDocument } from "yaml";
import { fromClaudeToolName } from "../hooks/claude-tool-names.js";

export type FrontMatter =
  | {
      kind: "parsed";
      /** The fields the schema accepts; the others were dropped with a warning. */
      fields: Record<string, unknown>;
      body: string;
      warnings: string[];
      /** Where a field was written (lines of the whole file), for later warnings. */
      at: (path: ConfigPath, part: "key" | "value") => { line: number; column: number };
    }
  /** The file does not start with `---`: all of it is the body. */
  | { kind: "none"; body: string }
  /** The YAML does not parse; `reason` is its first line, with a hint to quote. */
  | { kind: "invalid"; reason: string };

const FENCED = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;

export function parseFrontMatter(text: string, schema: TSchema, file: string): FrontMatter {
  const unmarked = text.replace(/^\uFEFF/, "");
  const match = unmarked.match(FENCED);
  if (!match) return { kind: "none", body: unmarked };
  const yaml = match[1]!;
  const document = parseDocument(yaml);
  const invalid = (reason: string): FrontMatter => ({
    kind: "invalid",
    reason: `its front matter is not valid YAML (${reason.split("\n")[0]}). Quote values that contain ": " or start with [ { > | * &.`,
  });
  const yamlError = document.errors[0];
  if (yamlError) return invalid(yamlError.message);
  let parsed: unknown;
  try {
    parsed = document.toJS();
  } catch (error) {
    // toJS refuses an alias bomb (billion laughs) rather than exhausting memory.
    return invalid((error as Error).message);
  }
  const at = locateInYaml(document, yaml);
  const checked = validateConfig(schema, parsed ?? {}, at);
  // The YAML library's own warnings (an unknown tag) go where ours go, not to stderr.
  const warnings = [
    ...document.warnings.map((warning) => `${file}: ${warning.message.split("\n")[0]}`),
    ...checked.issues.map((issue) => formatConfigIssue(file, issue)),
  ];
  const fields = (checked.value ?? {}) as Record<string, unknown>;
  return { kind: "parsed", fields, body: match[2]!, warnings, at };
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

/** What `allowed-tools` may name: Gong's tools and the skill tool itself. */
const KNOWN_TOOLS: readonly string[] = [...TOOL_NAMES, "skill"];

/**
 * `allowed-tools` as a YAML list or a comma/space-separated string, in Gong's names or
 * Claude Code's (`Bash(python:*)` → `bash`: the argument pattern is Claude Code's
 * permission syntax; Gong allows the whole tool). An unknown name allows nothing and is
 * one warning. Undefined when the field is absent or names nothing.
 */
export function allowedToolsField(
  front: Extract<FrontMatter, { kind: "parsed" }>,
  file: string,
): string[] | undefined {
  const value = front.fields["allowed-tools"];
  if (value === undefined || value === null) return undefined;
  const tools = toolNamesOf(value);
  const known = tools.filter((tool) => KNOWN_TOOLS.includes(tool));
  const where = front.at(["allowed-tools"], "value");
  for (const unknown of tools.filter((tool) => !known.includes(tool))) {
    const message = `allowed-tools names unknown tool "${unknown}"; it was ignored`;
    front.warnings.push(formatConfigIssue(file, { ...where, message }));
  }
  return tools.length > 0 ? known : undefined;
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
