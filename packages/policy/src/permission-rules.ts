import { unreadableBashLine } from "./bash-rule.js";
import { type BashPattern, matchConfirmBash } from "./confirm-bash.js";
import {
  type PermissionRule,
  parsePermissionRule,
  type RuleScope,
  ruleMatches,
} from "./permission-rule.js";

/** settings.json `permissions`, as Claude Code writes it. */
export interface PermissionSettings {
  allow?: string[];
  ask?: string[];
  deny?: string[];
  /** The mode a session starts in (permission-mode.ts); a project's only when trusted. */
  defaultMode?: string;
  /** Read into `allowedPaths` by the settings loader (@gong/settings settings.ts). */
  additionalDirectories?: string[];
  /**
   * Set by the settings loader, never read from a file: settings files that exist but
   * could not be read, or whose deny/ask rules were malformed as a whole. Their rules may
   * be about any call, so every call asks (fail closed) until the file is fixed.
   */
  unreadableFiles?: string[];
}

/** The rules of the merged settings, parsed once per settings load. */
export interface CompiledRules {
  allow: PermissionRule[];
  ask: PermissionRule[];
  deny: PermissionRule[];
  /**
   * Deny rules that cannot be parsed: the calls they might have been about (their tool,
   * or every call when not even that can be read) are asked about instead of allowed.
   */
  brokenDeny: { text: string; tools: readonly string[] | undefined; reason?: string }[];
  /** Settings `confirmBash`: ask rules for bash in regex syntax (confirm-bash.ts). */
  confirmBash: readonly BashPattern[];
}

export function compileRules(
  settings: PermissionSettings | undefined,
  confirmBash: readonly BashPattern[] = [],
): CompiledRules {
  const compiled: CompiledRules = { allow: [], ask: [], deny: [], brokenDeny: [], confirmBash };
  for (const text of settings?.allow ?? []) {
    const parsed = parsePermissionRule(text);
    // A broken allow rule allows nothing; its warning came with the settings.
    if (parsed.ok) compiled.allow.push(parsed.rule);
  }
  for (const text of settings?.ask ?? []) {
    const parsed = parsePermissionRule(text);
    // A broken ask rule is read like a broken deny rule: the calls it may be about ask.
    if (parsed.ok) compiled.ask.push(parsed.rule);
    else compiled.brokenDeny.push({ text: String(text), tools: parsed.tools });
  }
  for (const text of settings?.deny ?? []) {
    const parsed = parsePermissionRule(text);
    if (parsed.ok) compiled.deny.push(parsed.rule);
    else compiled.brokenDeny.push({ text: String(text), tools: parsed.tools });
  }
  for (const file of settings?.unreadableFiles ?? []) {
    compiled.brokenDeny.push({
      text: file,
      tools: undefined,
      reason: `the settings file ${file} cannot be read, so its permission rules may be about this call (fix the file; gong warned where)`,
    });
  }
  return compiled;
}

/**
 * What the rules say about one call, deny first: a deny rule refuses it, an ask rule (or
 * a broken rule that may be about it) makes it ask, an allow rule lets it run without a
 * question, and `none` leaves it to the other checks (decide-call.ts).
 */
export type RuleVerdict =
  | { verdict: "deny"; rule: string }
  /**
   * `broken`: a deny rule that cannot be read may be about the call; `reason`: why a rule
   * may be about it (a bash line whose programs cannot be known).
   */
  | { verdict: "ask"; rule: string; broken?: boolean; reason?: string }
  | { verdict: "allow"; rule: string }
  | { verdict: "none" };

export function judgeCall(
  rules: CompiledRules,
  toolName: string,
  params: Record<string, unknown>,
  scope: RuleScope,
): RuleVerdict {
  const denied = rules.deny.find((rule) => ruleMatches(rule, toolName, params, scope, "deny"));
  if (denied) return { verdict: "deny", rule: denied.text };
  const unread = unreadBashCall(rules, toolName, params);
  if (unread) return { verdict: "ask", ...unread };
  const broken = rules.brokenDeny.find((rule) => !rule.tools || rule.tools.includes(toolName));
  if (broken) return { verdict: "ask", rule: broken.text, broken: true, reason: broken.reason };
  // An ask rule is matched like a deny rule: it covers a command when it covers any part.
  const asked = rules.ask.find((rule) => ruleMatches(rule, toolName, params, scope, "deny"));
  if (asked) return { verdict: "ask", rule: asked.text };
  const pattern =
    toolName === "bash" ? matchConfirmBash(rules.confirmBash, commandOf(params)) : undefined;
  if (pattern)
    return {
      verdict: "ask",
      rule: pattern.label,
      reason: `the command matches confirmBash pattern /${pattern.source}/`,
    };
  const allowed = rules.allow.find((rule) => ruleMatches(rule, toolName, params, scope, "allow"));
  return allowed ? { verdict: "allow", rule: allowed.text } : { verdict: "none" };
}

/**
 * A bash line whose programs cannot all be known before it runs (`eval`, `$CMD`, text piped
 * into a shell, a parse failure) while a deny or ask rule (or a confirmBash pattern) names
 * bash commands: asked about,
 * as the rule may be about it (print mode denies it; test/permission-rules.test.ts "cannot know").
 */
function unreadBashCall(
  rules: CompiledRules,
  toolName: string,
  params: Record<string, unknown>,
): { rule: string; reason: string } | undefined {
  if (toolName !== "bash") return undefined;
  const named = [...rules.deny, ...rules.ask].find(
    (each) => each.tools.includes("bash") && each.specifier,
  );
  const rule = named
    ? { text: named.text, said: `the permissions rule ${named.text}` }
    : rules.confirmBash[0] && {
        text: rules.confirmBash[0].label,
        said: `the confirmBash pattern /${rules.confirmBash[0].source}/`,
      };
  if (!rule) return undefined;
  const why = unreadableBashLine(commandOf(params));
  if (why === undefined) return undefined;
  return {
    rule: rule.text,
    reason: `${rule.said} may be about this command, and what it runs cannot be known before it runs: ${why}`,
  };
}

function commandOf(params: Record<string, unknown>): string {
  return typeof params.command === "string" ? params.command : "";
}
