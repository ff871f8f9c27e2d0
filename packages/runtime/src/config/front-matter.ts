import { type ConfigPath, formatConfigIssue, positionAt, validateConfig } from "@gong/config-files";
import type { TSchema } from "@sinclair/typebox";
import { type Document, isMap, isSeq, parseDocument } from "yaml";

/**
 * A Markdown file's YAML front matter, checked against a schema: SKILL.md and the task
 * tool's agent files read theirs with it. A field of the wrong type or an unknown one is
 * dropped with a warning naming its `file:line:column`.
 */
export type FrontMatterResult =
  | {
      ok: true;
      fields: Record<string, unknown>;
      body: string;
      warnings: string[];
      /** Where a front matter path was written, in lines of the whole file. */
      locate: (at: ConfigPath, part: "key" | "value") => { line: number; column: number };
    }
  /** `missing`: no `---` block at the top; `yaml`: the block is not valid YAML (`reason`). */
  | { ok: false; problem: "missing" }
  | { ok: false; problem: "yaml"; reason: string };

/**
 * `file` names the file in the schema's warnings; `label` starts the YAML library's own
 * warnings (an unknown tag), which go where ours go, not to stderr.
 */
export function parseFrontMatter(
  text: string,
  schema: TSchema,
  names: { file: string; label: string },
): FrontMatterResult {
  const match = text.replace(/^\uFEFF/, "").match(/^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/);
  if (!match) return { ok: false, problem: "missing" };
  const document = parseDocument(match[1]!);
  const yamlError = document.errors[0];
  if (yamlError) return { ok: false, problem: "yaml", reason: yamlError.message.split("\n")[0]! };
  let parsed: unknown;
  try {
    parsed = document.toJS();
  } catch (error) {
    // toJS refuses an alias bomb (billion laughs) rather than exhausting memory.
    return { ok: false, problem: "yaml", reason: (error as Error).message.split("\n")[0]! };
  }
  const locate = locateInYaml(document, match[1]!);
  const checked = validateConfig(schema, parsed ?? {}, locate);
  const warnings = [
    ...document.warnings.map((warning) => `${names.label}: ${warning.message.split("\n")[0]}`),
    ...checked.issues.map((issue) => formatConfigIssue(names.file, issue)),
  ];
  const fields = (checked.value ?? {}) as Record<string, unknown>;
  return { ok: true, fields, body: match[2]!, warnings, locate };
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
