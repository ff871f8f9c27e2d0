import { Type } from "@sinclair/typebox";
import { parseFrontMatter, toolListField } from "../front-matter.js";

/** A Markdown prompt command (`/name args`), as loaded from a commands folder. */
export interface PromptCommand {
  /** Without the slash; a sub-folder gives `folder:name`. */
  name: string;
  description: string;
  /** Shown after the name in menus, e.g. `[file] [focus]`. */
  argumentHint?: string;
  /** This prompt's run uses this model (an id, or `provider/id`). */
  model?: string;
  /** This prompt's run offers only these tools (the skills' rule). */
  allowedTools?: string[];
  /** The template: `$ARGUMENTS`, `$1`…`$9`, `@path`, `` !`command` ``. */
  body: string;
  file: string;
  scope: "user" | "project";
}

/**
 * The front matter fields: Claude Code's for commands, so its `.claude/commands` load
 * without a warning (`disable-model-invocation` is accepted and has no effect here).
 */
const CommandFrontMatter = Type.Object(
  {
    description: Type.Optional(Type.String()),
    "argument-hint": Type.Optional(Type.String()),
    model: Type.Optional(Type.String()),
    "allowed-tools": Type.Optional(Type.Union([Type.String(), Type.Array(Type.String())])),
    "disable-model-invocation": Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/** A description made from the body is cut here: it is one line in a menu. */
const MAX_DERIVED_DESCRIPTION = 80;

export type ParseCommandResult =
  | {
      ok: true;
      command: PromptCommand;
      warnings: string[];
      /** Tools `allowed-tools` names that Gong has not (WebSearch): said once per session. */
      unknownTools: string[];
    }
  | { ok: false; error: string };

/**
 * A command file: front matter is optional (a plain Markdown file is a command whose
 * description is its first line). Front matter that does not parse makes the file
 * unusable; a wrong or unknown field is a warning and the command still loads.
 */
export function parsePromptCommand(
  text: string,
  source: { name: string; file: string; scope: PromptCommand["scope"] },
): ParseCommandResult {
  const front = parseFrontMatter(text, CommandFrontMatter, source.file);
  if (front.kind === "invalid") return { ok: false, error: front.reason };
  const body = front.body.trim();
  const command: PromptCommand = { ...source, description: "", body };
  if (front.kind === "none") {
    command.description = firstLine(body);
    return { ok: true, command, warnings: [], unknownTools: [] };
  }
  const field = (key: string) => {
    const value = front.fields[key];
    return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
  };
  command.description = field("description") ?? firstLine(body);
  const hint = field("argument-hint");
  if (hint) command.argumentHint = hint;
  const model = field("model");
  if (model) command.model = model;
  const allowed = toolListField(front, "allowed-tools");
  if (allowed) command.allowedTools = allowed.tools;
  return { ok: true, command, warnings: front.warnings, unknownTools: allowed?.unknown ?? [] };
}

function firstLine(body: string): string {
  const line = body
    .split("\n")
    .map((l) => l.replace(/^#+\s*/, "").trim())
    .find((l) => l !== "");
  if (!line) return "";
  return line.length > MAX_DERIVED_DESCRIPTION
    ? `${line.slice(0, MAX_DERIVED_DESCRIPTION - 1)}…`
    : line;
}
