/**
 * Plan mode's `exit_plan_mode` over ACP: the plan becomes a `session/request_permission`
 * on that tool call, its content the plan's Markdown, with "Approve" and "Keep planning".
 * Approved → the session leaves plan mode and the editor is told (`current_mode_update`).
 * No answer in time, a failed or cancelled request is "keep planning" (fail closed).
 */
import type { AgentContext } from "@agentclientprotocol/sdk";
import type { PlanApproval } from "@gong/policy";
import type { SessionUpdates } from "./session-updates.js";

export interface AcpPlanApprovalOptions {
  sessionId: () => string;
  client: AgentContext;
  timeoutMs: number;
  updates: SessionUpdates;
  /** The plan was approved: the session goes back to the mode before plan mode. */
  onApproved: () => void;
}

export function acpPlanApproval(options: AcpPlanApprovalOptions): PlanApproval {
  return async (plan, signal, call) => {
    const timeout = AbortSignal.timeout(options.timeoutMs);
    try {
      await options.updates.flushed();
      const response = await options.client.request(
        "session/request_permission",
        {
          sessionId: options.sessionId(),
          toolCall: {
            toolCallId: call.toolCallId ?? "exit_plan_mode",
            title: "Approve the plan and leave plan mode?",
            kind: "think",
            status: "pending",
            content: [{ type: "content", content: { type: "text", text: plan } }],
          },
          options: [
            { optionId: "approve", name: "Approve the plan", kind: "allow_once" },
            { optionId: "keep_planning", name: "Keep planning", kind: "reject_once" },
          ],
        },
        {
          cancellationSignal: signal ? AbortSignal.any([signal, timeout]) : timeout,
          stopWaitingOnCancel: true,
        },
      );
      const outcome = response.outcome;
      if (outcome.outcome !== "selected" || outcome.optionId !== "approve")
        return { approved: false };
      options.onApproved();
      return { approved: true };
    } catch {
      return { approved: false };
    }
  };
}
