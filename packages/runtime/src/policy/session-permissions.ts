import type { AgentHooks, ToolCallDecision } from "@gong/agent-core";
import type { ToolConfirmation, ToolConfirmationRequest } from "../hooks/command-hooks.js";
import { type ConfirmedCalls, confirmCall } from "./confirm-call.js";
import type { RuleScope } from "./permission-rule.js";
import {
  type CompiledRules,
  compileRules,
  judgeCall,
  type PermissionSettings,
} from "./permission-rules.js";
import { saveProjectAllowRule } from "./project-rule-writer.js";
import { ruleForCall } from "./rule-for-call.js";

export interface SessionPermissionsOptions extends RuleScope {
  /** The merged settings' `permissions` (a project's allow rules only in a trusted folder). */
  permissions: PermissionSettings | undefined;
  /** Whether the folder is trusted: only then is "always for this project" offered. */
  projectTrusted: boolean;
  confirm: ToolConfirmation | undefined;
  warn: (message: string) => void;
}

/**
 * A session's permissions: the `permissions.allow` / `permissions.deny` rules, the
 * "always" answers of this session, and the rules saved for the project. Order of the
 * checks of one tool call (README "Permissions"):
 *   1. plan mode refuses what it does not offer (plan/plan-mode.ts);
 *   2. a deny rule refuses the call, without asking (`gate`, before any hook runs, and
 *      again after the hooks, on the call as they may have rewritten it);
 *   3. PreToolUse command hooks and hook modules (block, rewrite, ask);
 *   4. confirmBash and the config-write guard.
 * Every question of 3 and 4 goes through `confirmCall`, which skips it when an allow
 * rule or an earlier "always" covers the call. Deny beats allow; a deny rule that
 * cannot be parsed makes the calls it may be about ask (fail closed).
 */
export class SessionPermissions implements ConfirmedCalls {
  private rules: CompiledRules;
  /** The session's "always" answers, by key (confirm-call.ts). */
  private readonly confirmed = new Set<string>();
  /** Rules saved for the project during this session: they apply before the next reload. */
  private readonly saved: string[] = [];
  private settings: PermissionSettings | undefined;
  private projectTrusted: boolean;
  /** The deny check before any hook runs (the first of the session's hooks). */
  readonly beforeHooks: AgentHooks;
  /** The deny check again, on the call as the hooks may have rewritten it. */
  readonly afterHooks: AgentHooks;

  constructor(private readonly options: SessionPermissionsOptions) {
    this.settings = options.permissions;
    this.projectTrusted = options.projectTrusted;
    this.rules = this.compile();
    this.beforeHooks = this.gate("permissions");
    this.afterHooks = this.gate("permissions-after-hooks");
  }

  /** The settings were read again (an edit, a trust change). */
  setPermissions(permissions: PermissionSettings | undefined, projectTrusted: boolean): void {
    this.settings = permissions;
    this.projectTrusted = projectTrusted;
    this.rules = this.compile();
  }

  private compile(): CompiledRules {
    const allow = [...(this.settings?.allow ?? []), ...this.saved];
    return compileRules({ ...this.settings, allow });
  }

  has(key: string): boolean {
    return this.confirmed.has(key);
  }

  add(key: string): void {
    this.confirmed.add(key);
  }

  allows(request: ToolConfirmationRequest): boolean {
    return this.judge(request.toolName, asParams(request.input)).verdict === "allow";
  }

  /** What the rules say about a call (an editor's own permission question asks this too). */
  judge(toolName: string, params: Record<string, unknown>) {
    return judgeCall(this.rules, toolName, params, this.options);
  }

  /**
   * The rule for a call a guard put to the user (confirmBash, the config-write guard, a
   * hook's `ask`): the exact call, so the guard keeps asking about every other command.
   */
  projectRule(request: ToolConfirmationRequest): string | undefined {
    if (!this.projectTrusted) return undefined;
    return ruleForCall(request.toolName, asParams(request.input), this.options, { exact: true });
  }

  /**
   * The rule "always for this project" saves for a call no guard matched (an editor's
   * own permission question), generalised (`Bash(npm test:*)`); undefined in an untrusted folder.
   */
  projectRuleFor(toolName: string, params: Record<string, unknown>): string | undefined {
    if (!this.projectTrusted) return undefined;
    return ruleForCall(toolName, params, this.options);
  }

  async rememberForProject(rule: string): Promise<void> {
    this.saved.push(rule);
    this.rules = this.compile();
    const written = await saveProjectAllowRule(this.options.cwd, rule);
    // The rule holds for this session either way; only the next one misses it.
    if (!written.ok) this.options.warn(`${written.message}; ${rule} holds for this session only`);
  }

  private gate(name: string): AgentHooks {
    return {
      name,
      // Longer than the question a broken deny rule asks, so its answer comes first.
      timeoutMs: (this.options.confirm?.timeoutMs ?? 0) + 1000,
      beforeToolCall: (toolName, params, info) => this.decide(toolName, params, info.toolCallId),
    };
  }

  private async decide(
    toolName: string,
    params: Record<string, unknown>,
    toolCallId: string,
  ): Promise<ToolCallDecision> {
    const judged = this.judge(toolName, params);
    if (judged.verdict === "deny")
      return {
        block: `${toolName} refused by the permissions.deny rule ${judged.rule} in the settings; do not retry it, choose another way or ask the user`,
        byUser: true,
      };
    if (judged.verdict !== "ask") return "ok";
    const block = await confirmCall(
      this.options.confirm,
      {
        toolName,
        toolCallId,
        input: params,
        reason: `the permissions.deny rule ${judged.rule} cannot be read, so it may be about this call`,
      },
      // Neither an allow rule nor "always" may pass a call a deny rule may be about.
      { confirmed: new Set<string>(), key: "" },
    );
    return block ? { block, byUser: true } : "ok";
  }
}

function asParams(input: unknown): Record<string, unknown> {
  return typeof input === "object" && input !== null ? (input as Record<string, unknown>) : {};
}
