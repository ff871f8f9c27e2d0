/**
 * How ACP asks (`session/request_permission`: allow once, always allow, always allow in
 * this project, reject). What is asked about is the runtime's policy's decision
 * (`@gong/runtime` policy/decide-call.ts: the mode, the permission rules, the guards,
 * the hooks); this file holds no rule. "Always" is remembered by the session's policy,
 * the same memory the terminal, RPC and the web page answer into. No answer within the
 * timeout, a cancelled request or a failed one is a rejection (fail closed); cancelling
 * the run (`withdraw`) withdraws the open questions at once. A call waiting for the
 * answer is `pending` in the editor; once allowed it is `in_progress`.
 */

import type { AgentContext, PermissionOption } from "@agentclientprotocol/sdk";
import type { ToolConfirmation } from "@gong/policy";
import type { SessionUpdates } from "./session-updates.js";
import { toolDiffs, toolKind, toolLocations, toolTitle } from "./tool-calls.js";

const OPTIONS: PermissionOption[] = [
  { optionId: "allow_once", name: "Allow", kind: "allow_once" },
  { optionId: "allow_always", name: "Always allow during this session", kind: "allow_always" },
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
  timeoutMs: number;
  updates: SessionUpdates;
}

type Answer = "allow_once" | "allow_always" | "allow_always_project" | "reject" | "withdrawn";

export class PermissionGate {
  /** The questions still open, each withdrawn by aborting its controller. */
  private readonly open = new Set<AbortController>();

  constructor(private readonly options: PermissionGateOptions) {}

  /** The run was cancelled: every open question is withdrawn, its call denied. */
  withdraw(): void {
    for (const controller of this.open) controller.abort();
  }

  /** The session's `confirmToolCall`: every question the policy asks, put to the client. */
  get confirmation(): ToolConfirmation {
    return {
      ask: async (request) => {
        const args = asArgs(request.input);
        const answer = await this.ask(request.toolName, args, request.toolCallId, {
          reason: request.reason,
          projectRule: request.projectRule,
        });
        if (answer === "reject" || answer === "withdrawn") return false;
        // It started out `pending` (the policy's willAsk); now it runs.
        this.options.updates.send({
          sessionUpdate: "tool_call_update",
          toolCallId: request.toolCallId,
          status: "in_progress",
        });
        // The runtime remembers "always" and saves the rule it offered (request.projectRule).
        if (answer === PROJECT_OPTION) return "always-project";
        return answer === "allow_always" ? "always" : true;
      },
      timeoutMs: this.options.timeoutMs,
    };
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
