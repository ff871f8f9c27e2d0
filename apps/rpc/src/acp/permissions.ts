/**
 * The ACP permission gate: before a tool that changes files or runs commands, the
 * client is asked (`session/request_permission`: allow once, always allow this tool,
 * reject). In `readonly` mode those tools are refused outright. A hook's
 * `permissionDecision: "ask"` goes through the same question. No answer within the
 * timeout, a cancelled request or a failed one is a rejection (fail closed); cancelling
 * the run (`withdraw`) withdraws the open questions at once. A call waiting for the
 * answer is `pending` in the editor; once allowed it is `in_progress`.
 */
import type { AgentContext, PermissionOption } from "@agentclientprotocol/sdk";
import type {
  AgentHooks,
  SessionPermissions,
  ToolCallDecision,
  ToolConfirmation,
} from "@gong/runtime";
import type { SessionUpdates } from "./session-updates.js";
import { toolDiffs, toolKind, toolLocations, toolTitle } from "./tool-calls.js";

export type SessionModeId = "default" | "readonly" | "plan";

/** What the gate asks about: the tools that write files or run commands. */
const GATED_TOOLS = new Set(["write", "edit", "bash"]);

const OPTIONS: PermissionOption[] = [
  { optionId: "allow_once", name: "Allow", kind: "allow_once" },
  { optionId: "allow_always", name: "Always allow this tool", kind: "allow_always" },
  { optionId: "reject_once", name: "Reject", kind: "reject_once" },
];

/** Offered in a trusted folder: saves the call's rule in `.gong/settings.local.json`. */
const PROJECT_OPTION = "allow_always_project";

function optionsFor(projectRule: string | undefined): PermissionOption[] {
  if (!projectRule) return OPTIONS;
  const project: PermissionOption = {
    optionId: PROJECT_OPTION,
    name: `Always allow ${projectRule} in this project`,
    kind: "allow_always",
  };
  return [OPTIONS[0]!, OPTIONS[1]!, project, OPTIONS[2]!];
}

export interface PermissionGateOptions {
  sessionId: () => string;
  cwd: string;
  client: AgentContext;
  mode: () => SessionModeId;
  timeoutMs: number;
  updates: SessionUpdates;
  /** The session's permission rules, once it is open (allow rules skip the question). */
  permissions: () => SessionPermissions | undefined;
}

type Answer = "allow_once" | "allow_always" | "allow_always_project" | "reject" | "withdrawn";

/** What the model reads when the user said no, or the run was cancelled meanwhile. */
const REJECTED = "The user rejected this call.";
const WITHDRAWN = "The user cancelled the run before answering; the call did not run.";

export class PermissionGate {
  private readonly alwaysAllowed = new Set<string>();
  /** Calls the user already allowed when a hook asked: not asked about twice. */
  private readonly allowedCalls = new Set<string>();
  /** The questions still open, each withdrawn by aborting its controller. */
  private readonly open = new Set<AbortController>();

  constructor(private readonly options: PermissionGateOptions) {}

  /** The in-process hook the session runs every tool call through. */
  get hook(): AgentHooks {
    return {
      name: "acp-permissions",
      // Longer than the question's own timeout: a hook that times out is skipped,
      // which would let the call through.
      timeoutMs: this.options.timeoutMs + 1000,
      beforeToolCall: (toolName, params, info) => this.decide(toolName, params, info.toolCallId),
    };
  }

  /** Whether a call of this tool will wait for the user's answer before it runs. */
  willAsk(toolName: string): boolean {
    return (
      GATED_TOOLS.has(toolName) &&
      this.options.mode() === "default" &&
      !this.alwaysAllowed.has(toolName)
    );
  }

  /** The run was cancelled: every open question is withdrawn, its call denied. */
  withdraw(): void {
    for (const controller of this.open) controller.abort();
  }

  /** The session's `confirmToolCall`: a hook's `ask`, put to the client. */
  get confirmation(): ToolConfirmation {
    return {
      ask: async (request) => {
        const args = asArgs(request.input);
        // The rule the guard that asked offers (the exact call), not the generalised one.
        const answer = await this.ask(request.toolName, args, request.toolCallId, {
          reason: request.reason,
          projectRule: request.projectRule,
        });
        if (answer === "reject" || answer === "withdrawn") return false;
        if (answer === "allow_always") this.alwaysAllowed.add(request.toolName);
        this.allowedCalls.add(request.toolCallId);
        // The runtime saves the rule it offered (request.projectRule) itself.
        return answer === PROJECT_OPTION ? "always-project" : true;
      },
      timeoutMs: this.options.timeoutMs,
    };
  }

  private async decide(
    toolName: string,
    params: Record<string, unknown>,
    toolCallId: string,
  ): Promise<ToolCallDecision> {
    if (!GATED_TOOLS.has(toolName)) return "ok";
    if (this.options.mode() === "readonly")
      return {
        block: `${toolName} is not available in readonly mode; switch the session to default mode to change files or run commands.`,
        byUser: true,
      };
    const permissions = this.options.permissions();
    const allowed =
      this.alwaysAllowed.has(toolName) ||
      this.allowedCalls.delete(toolCallId) ||
      permissions?.judge(toolName, params).verdict === "allow";
    if (!allowed) {
      const projectRule = permissions?.projectRuleFor(toolName, params);
      const answer = await this.ask(toolName, params, toolCallId, { projectRule });
      if (answer === "reject") return { block: REJECTED, byUser: true };
      if (answer === "withdrawn") return { block: WITHDRAWN, byUser: true };
      if (answer === "allow_always") this.alwaysAllowed.add(toolName);
      if (answer === PROJECT_OPTION && projectRule)
        await permissions?.rememberForProject(projectRule);
    }
    // It may have started out `pending` (see willAsk); now it runs.
    this.options.updates.send({
      sessionUpdate: "tool_call_update",
      toolCallId,
      status: "in_progress",
    });
    return "ok";
  }

  private async ask(
    toolName: string,
    args: Record<string, unknown>,
    toolCallId: string,
    offer: { reason?: string; projectRule?: string | undefined },
  ): Promise<Answer> {
    const { reason, projectRule } = offer;
    const { client, cwd } = this.options;
    const controller = new AbortController();
    const withdrawn = new AbortController();
    this.open.add(withdrawn);
    const timer = setTimeout(() => controller.abort(), this.options.timeoutMs);
    try {
      // The editor learns of the call before it is asked about it.
      await this.options.updates.flushed();
      if (withdrawn.signal.aborted) return "withdrawn";
      const response = await client.request(
        "session/request_permission",
        {
          sessionId: this.options.sessionId(),
          toolCall: {
            toolCallId,
            title: reason ? `${toolTitle(toolName, args)} (${reason})` : toolTitle(toolName, args),
            kind: toolKind(toolName),
            status: "pending",
            locations: toolLocations(args, cwd),
            content: toolDiffs(toolName, args, cwd),
            rawInput: args,
          },
          options: optionsFor(projectRule),
        },
        {
          cancellationSignal: AbortSignal.any([controller.signal, withdrawn.signal]),
          stopWaitingOnCancel: true,
        },
      );
      const outcome = response.outcome;
      if (outcome.outcome !== "selected") return withdrawn.signal.aborted ? "withdrawn" : "reject";
      if (
        outcome.optionId === "allow_once" ||
        outcome.optionId === "allow_always" ||
        outcome.optionId === PROJECT_OPTION
      )
        return outcome.optionId;
      return "reject";
    } catch {
      return withdrawn.signal.aborted ? "withdrawn" : "reject";
    } finally {
      clearTimeout(timer);
      this.open.delete(withdrawn);
    }
  }
}

function asArgs(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
}
