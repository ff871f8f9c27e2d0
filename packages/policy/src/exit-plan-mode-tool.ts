import type { Tool } from "@gong/tools";
import { defineTool, failure, success } from "@gong/tools";
import { Type } from "@sinclair/typebox";

export const EXIT_PLAN_MODE = "exit_plan_mode";

/** The user's answer to a plan: approved, or not (with what to change, if they said). */
export type PlanDecision = { approved: true } | { approved: false; feedback?: string };

/**
 * Shows the plan (Markdown) and waits for the user's answer; `signal` aborts with the
 * run; `call.toolCallId` ties the question to the `exit_plan_mode` call (an editor's dialog).
 */
export type PlanApproval = (
  plan: string,
  signal: AbortSignal | undefined,
  call: { toolCallId?: string },
) => Promise<PlanDecision>;

type Decide = (
  ...args: Parameters<PlanApproval>
) => Promise<PlanDecision | { approved: false; ended: true }>;

const parameters = Type.Object({
  plan: Type.String({
    minLength: 1,
    description:
      "The plan, in Markdown: the steps, the files to change and how to check the result.",
  }),
});

/**
 * `exit_plan_mode(plan)`: offered in plan mode only. Approved → the mode is over and the
 * run goes on with every tool; not approved → the model is told to revise the plan.
 */
export function createExitPlanModeTool(decide: Decide, inPlanMode: () => boolean): Tool {
  return defineTool({
    name: EXIT_PLAN_MODE,
    label: "Exit plan mode",
    // The first line is what the system prompt's tool list shows: it tells the model
    // that plan mode is on and what ends it.
    description:
      "Plan mode is on: you can only read and search until the user approves your plan. Once you have read enough, call this with the plan (Markdown: the steps, the files to change, how to check the result); if approved, every tool is available and you carry out the plan.",
    parameters,
    async execute(params, context) {
      if (!inPlanMode())
        return failure("BLOCKED", "The session is not in plan mode.", {
          next: ["Go on with the task; every tool is available."],
        });
      const decision = await decide(params.plan, context.signal, {
        ...(context.toolCallId ? { toolCallId: context.toolCallId } : {}),
      });
      if (decision.approved)
        return success(
          { approved: true },
          "The user approved the plan. Plan mode is over: every tool is available from your next step. Carry out the plan now.",
        );
      if ("ended" in decision)
        return success(
          { approved: false },
          "The plan was shown to the user, who decides on it outside this run. Stop here.",
        );
      const feedback = decision.feedback?.trim();
      return success(
        { approved: false, ...(feedback ? { feedback } : {}) },
        `The user did not approve the plan. You are still in plan mode. Revise the plan${feedback ? ` with the user's feedback: ${feedback}` : ""} and call ${EXIT_PLAN_MODE} again.`,
      );
    },
  });
}
