/**
 * The decision about one tool call, as a plain function of what is known about it
 * (README "Permissions" has the same order as a table):
 *   1. plan mode: a tool plan mode does not offer is refused (plan/plan-mode.ts, before
 *      any hook runs);
 *   2. a `permissions.deny` rule refuses the call;
 *   3. a `permissions.ask` rule, a settings `confirmBash` pattern (an ask rule in regex
 *      syntax, confirm-bash.ts) or a deny rule that cannot be read asks;
 *   4. a `permissions.allow` rule, or an "always" answer of this session, lets it run;
 *   5. the self-edit guard and hooks' decisions ask or refuse on their own
 *      (confirm-config-write.ts, @gong/hooks command-hooks.ts); a hook's `allow` skips
 *      step 6 only;
 *   6. the mode: `ask` asks before file changes, bash, MCP tools and web_fetch;
 *      `accept-edits` lets edits and writes inside the project run and asks the rest;
 *      `auto` asks nothing.
 * With no one to ask (print and json mode without `--yes`) an ask is a deny whose reason
 * says so (confirm-call.ts).
 */
import type { PermissionMode } from "./permission-mode.js";
import type { RuleVerdict } from "./permission-rules.js";

export type PolicyDecision =
  | { decision: "allow" }
  | { decision: "deny"; reason: string }
  /** `remember`: what an "always" answer adds to the session's memory (a rule's text). */
  | { decision: "ask"; reason: string; remember: "rule" | "call" };

export interface CallFacts {
  mode: PermissionMode;
  toolName: string;
  /** What the rules (and this session's "always" answers) say about the call. */
  rules: RuleVerdict;
  /** An edit or write whose path is inside the project (accept-edits lets it run). */
  editInsideProject: boolean;
}

const FILE_CHANGING_TOOLS = new Set(["write", "edit"]);

/** Whether the `ask` mode asks before a call of this tool (MCP tools: every one). */
export function modeAsksAbout(toolName: string): boolean {
  return (
    FILE_CHANGING_TOOLS.has(toolName) ||
    toolName === "bash" ||
    toolName === "web_fetch" ||
    toolName.startsWith("mcp__")
  );
}

export function decideCall(facts: CallFacts): PolicyDecision {
  const { mode, toolName, rules } = facts;
  if (rules.verdict === "deny")
    return {
      decision: "deny",
      reason: `${toolName} refused by the permissions.deny rule ${rules.rule} in the settings; do not retry it, choose another way or ask the user`,
    };
  if (rules.verdict === "ask")
    return {
      decision: "ask",
      reason:
        rules.reason ??
        (rules.broken
          ? `the permissions.deny rule ${rules.rule} cannot be read, so it may be about this call`
          : `the permissions.ask rule ${rules.rule} asks before this call`),
      remember: "call",
    };
  if (rules.verdict === "allow" || mode === "auto" || mode === "plan") return { decision: "allow" };
  if (!modeAsksAbout(toolName)) return { decision: "allow" };
  if (mode === "accept-edits" && facts.editInsideProject) return { decision: "allow" };
  return {
    decision: "ask",
    reason: `${mode} mode asks before ${describeTool(toolName)}`,
    remember: "rule",
  };
}

function describeTool(toolName: string): string {
  if (FILE_CHANGING_TOOLS.has(toolName)) return "changing files";
  if (toolName === "bash") return "running commands";
  if (toolName === "web_fetch") return "fetching from the web";
  return `calling the MCP tool ${toolName}`;
}
