import { readdirSync } from "node:fs";
import path from "node:path";
import { homeDir } from "@gong/base";
import { formatConfigIssue } from "@gong/config-files";
import { Type } from "@sinclair/typebox";
import { parseFrontMatter, toolNamesOf } from "../config/front-matter.js";
import { readRegularFile } from "../config/read-regular-file.js";
import { isBuiltInToolName } from "../hooks/claude-tool-names.js";
import type { SubagentType } from "./subagent-types.js";

/** An agent file larger than this is not one someone wrote by hand: it is cut here. */
const MAX_AGENT_FILE_BYTES = 256 * 1024;

/** Claude Code's agent fields; `color` and the like load without a warning. */
const AgentFrontMatter = Type.Object(
  {
    name: Type.Optional(Type.String()),
    description: Type.Optional(Type.String()),
    tools: Type.Optional(Type.Union([Type.String(), Type.Array(Type.String())])),
    model: Type.Optional(Type.String()),
    color: Type.Optional(Type.String()),
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
): SubagentType[] {
  const byName = new Map<string, SubagentType>();
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
  | { ok: true; type: SubagentType; warnings: string[] }
  | { ok: false; error: string };

/** Front matter `name`, `description`, `tools`, `model` (`inherit` or `provider/id`); body = system prompt. */
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
  if (!name || !description) return { ok: false, error: "it needs both name and description" };
  if (!/^[A-Za-z0-9_-]+$/.test(name))
    return { ok: false, error: `name "${name}" may use only letters, digits, - and _` };
  const systemPrompt = parsed.body.trim();
  if (!systemPrompt) return { ok: false, error: "its body (the agent's system prompt) is empty" };
  const type: SubagentType = { name, description, systemPrompt, readOnly: false, file };
  if (fields.tools !== undefined && fields.tools !== null) {
    type.tools = toolNamesOf(fields.tools);
    // A name that is no tool (a typo) would give the agent nothing for it, silently.
    const where = parsed.at(["tools"], "value");
    for (const tool of type.tools.filter((t) => !isBuiltInToolName(t) && !t.startsWith("mcp__"))) {
      const message = `tools names unknown tool "${tool}"; it was ignored`;
      warnings.push(formatConfigIssue(file, { ...where, message }));
    }
  }
  const model = trimmed(fields.model);
  if (model && model !== "inherit") type.model = model;
  return { ok: true, type, warnings };
}

function trimmed(value: unknown): string {
  return typeof value === "string" ? value.trim() : "";
}
