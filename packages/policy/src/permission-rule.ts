/**
 * Permission rules in Claude Code's form (`permissions.allow` / `permissions.deny` in
 * settings): `Bash` (every call of a tool), `Bash(npm test:*)` (a command prefix),
 * `Bash(git status)` (one command), `Edit(src/**)` (a glob relative to the project),
 * `WebFetch(domain:example.com)`, `mcp__server__tool`, `mcp__server` (a whole server).
 * Parsing is one pure function; matching a call is another (test/policy/permission-rule.test.ts).
 */
import {
  claudeToolNames,
  fromClaudeToolName,
  isBuiltInToolName,
  pathRuleCovers,
  realPathLenient,
  resolveInputPath,
} from "@gong/tools";
import { bashCommandMatches } from "./bash-rule.js";

/** A rule as parsed: the tools it names and what of their calls it covers. */
export interface PermissionRule {
  /** The text as written in the settings file. */
  text: string;
  /** Our tool names the rule is about (`Edit` covers edit and write), or an MCP prefix. */
  tools: readonly string[];
  /** `mcp__server` / `mcp__server__*`: every tool of that server. */
  mcpServer?: string;
  /** What of the calls it covers; none: every call of the tools. */
  specifier?: RuleSpecifier;
}

export type RuleSpecifier =
  | { kind: "command"; command: string; prefix: boolean }
  | { kind: "path"; glob: string }
  | { kind: "domain"; domain: string };

export type ParsedRule =
  | { ok: true; rule: PermissionRule }
  /** `tools` names what the broken rule is about when that much can be read. */
  | { ok: false; error: string; tools?: readonly string[] };

/**
 * Claude Code rule names whose rules cover more than the one tool `fromClaudeToolName`
 * maps them to: an `Edit` rule covers every tool that edits files, a `Read` rule every
 * tool that reads them (as in Claude Code).
 */
const RULE_FAMILIES: Record<string, readonly string[]> = {
  edit: ["edit", "write"],
  read: ["read", "grep", "find", "ls"],
};

/** How each tool's calls are described by a specifier, and the parameter that holds it. */
const SPECIFIER_KIND: Record<string, RuleSpecifier["kind"]> = {
  bash: "command",
  edit: "path",
  write: "path",
  read: "path",
  grep: "path",
  find: "path",
  ls: "path",
  web_fetch: "domain",
};

// A name may end in `*` for `mcp__server__*` (every tool of that server).
const RULE_FORM = /^([A-Za-z_][\w-]*\*?)(?:\((.*)\))?$/s;

export function parsePermissionRule(text: unknown): ParsedRule {
  if (typeof text !== "string" || text.trim() === "")
    return { ok: false, error: "a rule must be a tool name such as Bash or Bash(npm test:*)" };
  const trimmed = text.trim();
  const form = RULE_FORM.exec(trimmed);
  const named = /^([A-Za-z_][\w-]*)/.exec(trimmed)?.[1];
  // A name that is no tool (a typo) names nothing: a broken deny rule then asks for every call.
  const readable = named && (named.startsWith("mcp__") || isBuiltInToolName(named));
  const guessed = readable ? { tools: toolsOf(named) } : {};
  if (!form) {
    return {
      ok: false,
      error: `"${text}" is not a rule: write Tool or Tool(specifier), e.g. Bash(npm test:*)`,
      ...guessed,
    };
  }
  const [, name, inner] = form as unknown as [string, string, string | undefined];
  if (name.startsWith("mcp__")) return mcpRule(text, name, inner);
  if (!isBuiltInToolName(name)) {
    const names = `${claudeToolNames().join(", ")}, or mcp__server__tool`;
    return { ok: false, error: `"${text}": ${name} is no tool (${names})` };
  }
  const tools = toolsOf(name);
  if (inner === undefined || inner.trim() === "*") return { ok: true, rule: { text, tools } };
  const specifier = parseSpecifier(tools[0]!, inner.trim());
  if (typeof specifier === "string") return { ok: false, error: `"${text}": ${specifier}`, tools };
  return { ok: true, rule: { text, tools, specifier } };
}

function toolsOf(name: string): readonly string[] {
  const ours = fromClaudeToolName(name);
  return RULE_FAMILIES[name.toLowerCase()] ?? [ours];
}

function mcpRule(text: string, name: string, inner: string | undefined): ParsedRule {
  if (inner !== undefined)
    return { ok: false, error: `"${text}": MCP rules take no (…); write ${name}`, tools: [name] };
  const parts = name.slice("mcp__".length).split("__");
  if (parts.length === 1 || (parts.length === 2 && parts[1] === "*"))
    return { ok: true, rule: { text, tools: [], mcpServer: parts[0]! } };
  return { ok: true, rule: { text, tools: [name] } };
}

/** The specifier, or what is wrong with it. */
function parseSpecifier(tool: string, inner: string): RuleSpecifier | string {
  if (inner === "") return "the (…) is empty; leave it out to cover every call";
  const kind = SPECIFIER_KIND[tool];
  if (kind === "command") {
    // `npm test:*` and Claude Code's newer `npm test *` are the same prefix.
    const prefix = inner.endsWith(":*") || inner.endsWith(" *");
    const command = prefix ? inner.slice(0, -2).trim() : inner;
    if (command === "") return "the command before :* is empty";
    return { kind, command, prefix };
  }
  if (kind === "path") return { kind, glob: inner };
  if (kind === "domain") {
    const domain = /^domain:(.+)$/.exec(inner)?.[1]?.trim().toLowerCase();
    return domain ? { kind, domain } : "write WebFetch(domain:example.com)";
  }
  return `${tool} takes no (…): write the tool name alone`;
}

/** Where a call is judged: the project its relative paths and globs start from. */
export interface RuleScope {
  cwd: string;
  home: string;
}

/** Whether `rule` covers this call. A path that cannot be resolved is covered by nothing. */
export function ruleMatches(
  rule: PermissionRule,
  toolName: string,
  params: Record<string, unknown>,
  scope: RuleScope,
  mode: "allow" | "deny",
): boolean {
  if (rule.mcpServer !== undefined) return toolName.startsWith(`mcp__${rule.mcpServer}__`);
  if (!rule.tools.includes(toolName)) return false;
  const specifier = rule.specifier;
  if (!specifier) return true;
  if (specifier.kind === "command") {
    const command = typeof params.command === "string" ? params.command : "";
    return bashCommandMatches(specifier, command, mode);
  }
  if (specifier.kind === "domain") return domainMatches(specifier.domain, params.url);
  return pathMatches(specifier.glob, params.path, scope, mode);
}

function domainMatches(domain: string, url: unknown): boolean {
  if (typeof url !== "string") return false;
  try {
    const host = new URL(url).hostname.toLowerCase();
    return host === domain || host.endsWith(`.${domain}`);
  } catch {
    return false;
  }
}

/**
 * `src/**` and `/src/**` are relative to the project, `//etc/**` is absolute, `~/x` is
 * in the home folder (Claude Code's forms; @gong/tools' path-rules.ts). No path means the
 * project (grep, find, ls). A deny rule also covers where the path really leads: a link
 * to `.env`, or a new file through a linked folder.
 */
function pathMatches(
  glob: string,
  input: unknown,
  scope: RuleScope,
  mode: "allow" | "deny",
): boolean {
  const target = resolveInputPath(typeof input === "string" ? input : ".", scope.cwd, scope.home);
  if (!target.ok) return false;
  if (pathRuleCovers(glob, target.path, scope)) return true;
  if (mode === "allow") return false;
  const real = realPathLenient(target.path);
  return real !== target.path && pathRuleCovers(glob, real, scope);
}
