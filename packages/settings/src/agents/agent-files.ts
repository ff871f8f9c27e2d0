import { readdirSync } from "node:fs";
import path from "node:path";
import { homeDir } from "@gong/base";
import { parseFrontMatter, readRegularFile, toolListField } from "@gong/config-files";
import { INHERIT_MODEL } from "@gong/llm";
import { Type } from "@sinclair/typebox";

/**
 * What an agent file says: Gong's `.gong/agents/*.md` or Claude Code's
 * `.claude/agents/*.md` (front matter and body). @gong/runtime's task tool runs it as one
 * of its subagent types (subagents/subagent-types.ts `SubagentType`, which this fits).
 */
export interface AgentFile {
  name: string;
  /** What the task tool's description says about it, so the model can choose. */
  description: string;
  /** The body: it replaces the base system prompt; context files stay in. */
  systemPrompt: string;
  /** Exactly these of the parent's tools (gong's names); undefined: all of them. */
  tools?: readonly string[];
  /** Never these (`disallowedTools`), whatever `tools` says. */
  disallowedTools?: readonly string[];
  /** Not limited to the parent's read-only tools (only the built-in `explore` is). */
  readOnly: false;
  /** `provider/id`, an id or an alias such as `sonnet`; undefined (or `inherit`): the parent's. */
  model?: string;
  file: string;
}

/** An agent file larger than this is not one someone wrote by hand: it is cut here. */
const MAX_AGENT_FILE_BYTES = 256 * 1024;

const ToolList = Type.Optional(Type.Union([Type.String(), Type.Array(Type.String())]));

/**
 * Claude Code's agent fields; `color`, `permissionMode`, `skills` and `hooks` load without
 * a warning (Gong does not act on them in an agent file).
 */
const AgentFrontMatter = Type.Object(
  {
    name: Type.Optional(Type.String()),
    description: Type.Optional(Type.String()),
    tools: ToolList,
    disallowedTools: ToolList,
    model: Type.Optional(Type.String()),
    color: Type.Optional(Type.String()),
    permissionMode: Type.Optional(Type.String()),
    skills: ToolList,
    hooks: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: false },
);

export interface AgentFolderOptions {
  cwd: string;
  gongHome: string;
  env: NodeJS.ProcessEnv;
}

/**
 * Where agent files are looked for, the first folder's agent winning a name:
 * `<project>/.gong/agents`, `~/.gong/agents`, `<project>/.claude/agents`, `~/.claude/agents`.
 */
export function agentFolders({ cwd, gongHome, env }: AgentFolderOptions): string[] {
  const home = homeDir(env);
  return [
    path.join(cwd, ".gong", "agents"),
    path.join(gongHome, "agents"),
    path.join(cwd, ".claude", "agents"),
    path.join(home, ".claude", "agents"),
  ];
}

/** Every `*.md` of the folders that is a valid agent; each invalid one is one warning. */
export function loadAgentFiles(
  folders: readonly string[],
  warn: (message: string) => void,
  unknownTools: (names: readonly string[]) => void = (names) => {
    if (names.length > 0) warn(`agent tools Gong has not were left out: ${names.join(", ")}`);
  },
): AgentFile[] {
  const byName = new Map<string, AgentFile>();
  for (const folder of folders) {
    for (const file of markdownFiles(folder)) {
      const read = readRegularFile(file, MAX_AGENT_FILE_BYTES);
      if (read.kind === "missing") continue;
      if (read.kind === "skipped") {
        warn(read.warning);
        continue;
      }
      const parsed = parseAgentFile(read.content, file);
      if (!parsed.ok) {
        warn(`${file}: ${parsed.error}; the agent was skipped`);
        continue;
      }
      for (const warning of parsed.warnings) warn(warning);
      unknownTools(parsed.unknownTools);
      if (!byName.has(parsed.type.name)) byName.set(parsed.type.name, parsed.type);
    }
  }
  return [...byName.values()];
}

function markdownFiles(folder: string): string[] {
  try {
    return readdirSync(folder)
      .filter((name) => name.endsWith(".md"))
      .sort()
      .map((name) => path.join(folder, name));
  } catch {
    return []; // no such folder: no agents there
  }
}

type ParsedAgent =
  | {
      ok: true;
      type: AgentFile;
      warnings: string[];
      /** Names in `tools` / `disallowedTools` Gong has no tool for: said once per session. */
      unknownTools: string[];
    }
  | { ok: false; error: string };

/**
 * Front matter `name`, `description`, `tools`, `disallowedTools` (Claude Code's or Gong's
 * tool names), `model` (`inherit`, an alias such as `sonnet`, an id or `provider/id`,
 * resolved when the agent runs: resolve-model.ts `modelForRef`); body = system prompt.
 */
export function parseAgentFile(text: string, file: string): ParsedAgent {
  const parsed = parseFrontMatter(text, AgentFrontMatter, file);
  if (parsed.kind === "none") {
    return {
      ok: false,
      error:
        "no front matter: start the file with ---, then name: and description: lines, then ---",
    };
  }
  if (parsed.kind === "invalid") return { ok: false, error: parsed.reason };
  const { fields, warnings } = parsed;
  const name = trimmed(fields.name);
  const description = trimmed(fields.description);
  if (!name || !description) return { ok: false, error: missingNameError(parsed.notYaml) };
  if (!/^[A-Za-z0-9_-]+$/.test(name))
    return { ok: false, error: `name "${name}" may use only letters, digits, - and _` };
  const systemPrompt = parsed.body.trim();
  if (!systemPrompt) return { ok: false, error: "its body (the agent's system prompt) is empty" };
  const type: AgentFile = { name, description, systemPrompt, readOnly: false, file };
  const tools = toolListField(parsed, "tools");
  const disallowed = toolListField(parsed, "disallowedTools");
  if (tools) type.tools = tools.tools;
  if (disallowed && disallowed.tools.length > 0) type.disallowedTools = disallowed.tools;
  const model = trimmed(fields.model);
  if (model && model.toLowerCase() !== INHERIT_MODEL) type.model = model;
  const unknownTools = [...(tools?.unknown ?? []), ...(disallowed?.unknown ?? [])];
  return { ok: true, type, warnings, unknownTools };
}

/** What to change when no reading of the front matter gave both fields. */
function missingNameError(notYaml: string | undefined): string {
  const lines = "a name: line and a description: line";
  return notYaml === undefined
    ? `it needs both name and description: add ${lines} to its front matter`
    : `its front matter is not valid YAML (${notYaml}), and read line by line it lacks name or description: write ${lines}, each starting at the beginning of its line`;
}

function trimmed(value: unknown): string {
  return typeof value === "string" ? value.trim() : "";
}
