import type { AgentHooks, ToolCallDecision } from "@gong/agent-core";
import { isPathWithin } from "@gong/base";
import { type HiddenPaths, hiddenPathsMatcher, resolveInputPath } from "@gong/tools";
import { type BashPattern, compileConfirmBash } from "./confirm-bash.js";
import { type ConfirmedCalls, confirmCall } from "./confirm-call.js";
import { decideCall, modeAsksAbout } from "./decide-call.js";
import { readDenyRules } from "./hidden-paths.js";
import type { PermissionMode } from "./permission-mode.js";
import type { RuleScope } from "./permission-rule.js";
import {
  type CompiledRules,
  compileRules,
  judgeCall,
  type PermissionSettings,
} from "./permission-rules.js";
import { saveProjectAllowRule } from "./project-rule-writer.js";
import { ruleForCall } from "./rule-for-call.js";
import type { ToolConfirmation, ToolConfirmationRequest } from "./tool-confirmation.js";

export interface SessionPermissionsOptions extends RuleScope {
  /** The merged settings' `permissions` (a project's allow rules only in a trusted folder). */
  permissions: PermissionSettings | undefined;
  /** Settings `confirmBash`: read as ask rules (confirm-bash.ts). */
  confirmBash?: readonly string[];
  /** Whether the folder is trusted: only then is "always for this project" offered. */
  projectTrusted: boolean;
  confirm: ToolConfirmation | undefined;
  warn: (message: string) => void;
  /** The session's permission mode now (plan/plan-mode.ts holds it). */
  mode: () => PermissionMode;
}

/**
 * A session's permission policy: the `permissions.allow` / `ask` / `deny` rules, the
 * mode, the "always" answers of this session (one memory for every app) and the rules
 * saved for the project. decide-call.ts decides; this class runs it twice in the
 * session's hook order (session/create-session.ts): deny rules before any hook runs, and
 * the whole decision after the hooks, on the call as they may have rewritten it. Every
 * question goes through `confirmCall`, which the app answers (terminal dialog, RPC
 * `extension_ui_request`, ACP `session/request_permission`, the web page).
 */
export class SessionPermissions implements ConfirmedCalls {
  private rules: CompiledRules;
  /** The session's "always" answers, by key (confirm-call.ts). */
  private readonly confirmed = new Set<string>();
  /** Rules saved for the project during this session: they apply before the next reload. */
  private readonly saved: string[] = [];
  /** Rules this session's "always" answers to the mode's questions added (`Bash(npm test:*)`). */
  private readonly sessionRules: string[] = [];
  private settings: PermissionSettings | undefined;
  private confirmBash: readonly BashPattern[];
  private projectTrusted: boolean;
  /** Calls the user said yes to (by tool call id): one question per call. */
  private readonly confirmedCalls = new Set<string>();
  /** Calls a PreToolUse hook answered `allow` for (by tool call id): the mode does not ask. */
  private readonly hookAllowed = new Set<string>();
  /** The deny check before any hook runs (the first of the session's hooks). */
  readonly beforeHooks: AgentHooks;
  /** Deny and ask rules again, on the call as the hooks may have rewritten it. */
  readonly afterHooks: AgentHooks;
  /** The mode's question, after every other check (none of them refused or asked). */
  readonly modeGate: AgentHooks;

  constructor(private readonly options: SessionPermissionsOptions) {
    this.settings = options.permissions;
    this.confirmBash = compileConfirmBash(options.confirmBash, options.warn);
    this.projectTrusted = options.projectTrusted;
    this.rules = this.compile();
    this.beforeHooks = this.gate("permissions", (...call) => this.denyFirst(...call));
    this.afterHooks = this.gate("permissions-after-hooks", (...call) =>
      this.decide("rules", ...call),
    );
    this.modeGate = this.gate("permission-mode", (...call) => this.decide("mode", ...call));
  }

  /** The settings were read again (an edit, a trust change). */
  setPermissions(
    permissions: PermissionSettings | undefined,
    projectTrusted: boolean,
    confirmBash?: readonly string[],
  ): void {
    this.settings = permissions;
    this.confirmBash = compileConfirmBash(confirmBash, this.options.warn);
    this.projectTrusted = projectTrusted;
    this.rules = this.compile();
  }

  private compile(): CompiledRules {
    const allow = [...(this.settings?.allow ?? []), ...this.saved, ...this.sessionRules];
    return compileRules({ ...this.settings, allow }, this.confirmBash);
  }

  /** What the `Read(…)` deny rules hide from the file tools and the export (hidden-paths.ts). */
  hiddenPaths(): HiddenPaths | undefined {
    return hiddenPathsMatcher(readDenyRules(this.settings), this.options);
  }

  has(key: string): boolean {
    return this.confirmed.has(key);
  }

  confirmedCall(toolCallId: string): boolean {
    return this.confirmedCalls.has(toolCallId);
  }

  noteConfirmedCall(toolCallId: string): void {
    this.confirmedCalls.add(toolCallId);
  }

  add(key: string): void {
    this.confirmed.add(key);
  }

  noteHookAllowed(toolCallId: string): void {
    this.hookAllowed.add(toolCallId);
  }

  allows(request: ToolConfirmationRequest): boolean {
    return this.judge(request.toolName, asParams(request.input)).verdict === "allow";
  }

  /** What the rules say about a call (an editor's own permission question asks this too). */
  judge(toolName: string, params: Record<string, unknown>) {
    return judgeCall(this.rules, toolName, params, this.options);
  }

  /**
   * The rule for a call a guard put to the user (the config-write guard, a hook's `ask`): the exact call, so the guard keeps asking about every other command.
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

  /**
   * The refusal of one of the user's own calls (user-calls.ts), or undefined: deny
   * rules for every call, ask rules too for a prompt command's; never the mode's question.
   */
  async checkUserCall(
    toolName: string,
    params: Record<string, unknown>,
    origin: "typed" | "command",
  ): Promise<string | undefined> {
    const decided = decideCall({
      mode: "auto",
      toolName,
      rules: this.judge(toolName, params),
      editInsideProject: false,
    });
    if (decided.decision === "deny") return decided.reason;
    if (decided.decision === "allow" || origin === "typed") return undefined;
    const request = { toolName, toolCallId: "", input: params, reason: decided.reason };
    const memory = {
      has: (key: string) => this.confirmed.has(key),
      add: (key: string) => this.confirmed.add(key),
    };
    return confirmCall(this.options.confirm, request, {
      confirmed: memory,
      key: `ask\0${toolName}\0${JSON.stringify(params)}`,
    });
  }

  /** Whether a call will wait for the user's answer before it runs (ACP shows it `pending`). */
  willAsk(toolName: string, params: Record<string, unknown>): boolean {
    return this.decideNow(toolName, params).decision === "ask";
  }

  private decideNow(toolName: string, params: Record<string, unknown>) {
    return decideCall({
      mode: this.options.mode(),
      toolName,
      rules: this.judge(toolName, params),
      editInsideProject: this.editInsideProject(toolName, params),
    });
  }

  private editInsideProject(toolName: string, params: Record<string, unknown>): boolean {
    if (toolName !== "edit" && toolName !== "write") return false;
    if (typeof params.path !== "string") return false;
    const target = resolveInputPath(params.path, this.options.cwd, this.options.home);
    return target.ok && isPathWithin(this.options.cwd, target.path);
  }

  private gate(
    name: string,
    decide: (
      toolName: string,
      params: Record<string, unknown>,
      toolCallId: string,
    ) => Promise<ToolCallDecision>,
  ): AgentHooks {
    const { confirm } = this.options;
    return {
      name,
      // Longer than the question it may ask, so its answer comes first (a getter: the
      // asker's limit grows with its PermissionRequest hooks).
      get timeoutMs() {
        return (confirm?.timeoutMs ?? 0) + 1000;
      },
      beforeToolCall: (toolName, params, info) => decide(toolName, params, info.toolCallId),
    };
  }

  /** Before any hook runs: only a deny rule (no hook runs for a refused call). */
  private async denyFirst(
    toolName: string,
    params: Record<string, unknown>,
    _toolCallId: string,
  ): Promise<ToolCallDecision> {
    const decided = this.decideNow(toolName, params);
    return decided.decision === "deny" ? { block: decided.reason, byUser: true } : "ok";
  }

  /**
   * `rules`: after the hooks, a deny or ask rule (the call as they left it); `mode`: last,
   * the mode's question, unless the user already answered one about this call or a
   * PreToolUse hook allowed it.
   */
  private async decide(
    step: "rules" | "mode",
    toolName: string,
    params: Record<string, unknown>,
    toolCallId: string,
  ): Promise<ToolCallDecision> {
    // A hook's `allow` answers the mode's question, never a rule's (Claude Code's order;
    // apps/cli/test/permission-rules.test.ts "a PreToolUse hook's allow").
    const hookAllowed = step === "mode" && this.hookAllowed.delete(toolCallId);
    const decided = this.decideNow(toolName, params);
    if (decided.decision === "deny") return { block: decided.reason, byUser: true };
    if (decided.decision === "allow" || hookAllowed) return "ok";
    if ((decided.remember === "call") !== (step === "rules")) return "ok";
    const request = { toolName, toolCallId, input: params, reason: decided.reason };
    // An ask rule asks every time: "always" answers it for this exact call only, and
    // neither an allow rule nor a saved rule passes it (deny beats ask beats allow).
    const answered = {
      confirmedCall: (id: string) => this.confirmedCalls.has(id),
      noteConfirmedCall: (id: string) => this.noteConfirmedCall(id),
    };
    const memory: ConfirmedCalls =
      decided.remember === "call"
        ? { has: (key) => this.confirmed.has(key), add: (key) => this.confirmed.add(key) }
        : this.modeMemory(toolName, params);
    Object.assign(memory, answered);
    const key = `ask\0${toolName}\0${JSON.stringify(params)}`;
    const block = await confirmCall(this.options.confirm, request, { confirmed: memory, key });
    return block ? { block, byUser: true } : "ok";
  }

  /**
   * The mode's question: "always" adds the call's generalised rule (`Bash(npm test:*)`,
   * `Edit`, the MCP tool) to this session's allow rules; "always in this project" saves it.
   */
  private modeMemory(toolName: string, params: Record<string, unknown>): ConfirmedCalls {
    const rule = sessionRuleFor(toolName, params, this.options);
    return {
      has: () => false,
      add: () => {
        if (rule === undefined) return;
        this.sessionRules.push(rule);
        this.rules = this.compile();
      },
      projectRule: () => this.projectRuleFor(toolName, params),
      rememberForProject: (saved) => this.rememberForProject(saved),
    };
  }
}

/**
 * What "always" during this session covers: every edit and write (`Edit`), a command's
 * program and subcommand, a domain, an MCP tool. Undefined: nothing to remember.
 */
function sessionRuleFor(
  toolName: string,
  params: Record<string, unknown>,
  scope: RuleScope,
): string | undefined {
  if (toolName === "edit" || toolName === "write") return "Edit";
  if (!modeAsksAbout(toolName)) return undefined;
  return ruleForCall(toolName, params, scope);
}

function asParams(input: unknown): Record<string, unknown> {
  return typeof input === "object" && input !== null ? (input as Record<string, unknown>) : {};
}
