import type { PlanApproval, ToolConfirmation } from "@gong/policy";
import { sessionOptionsFromFlags } from "@gong/protocol/session-flags";
import type { CodingSessionOptions } from "@gong/runtime";
import type { CliArgs } from "./args.js";
import type { CliIo } from "./io.js";

const ALWAYS_YES: ToolConfirmation = { ask: async () => true, timeoutMs: 1000, automatic: true };
const APPROVE_EVERY_PLAN: PlanApproval = async () => ({ approved: true });

/** What the flags say about the coding session to open (runs and `--compact` alike). */
export function codingSessionOptions(
  args: CliArgs,
  io: CliIo,
  onWarning: (message: string) => void,
): CodingSessionOptions {
  return {
    // `--trust` was recorded before the session opens; otherwise the user settings decide.
    ...sessionOptionsFromFlags(args, io.cwd, io.env),
    outputLevel: args.outputLevel,
    systemPrompt: args.systemPrompt,
    appendSystemPrompt: args.appendSystemPrompt,
    // `--yes`: every call that needs confirmation is allowed and a plan mode's plan is
    // approved (without it, print and json mode deny those calls and end the run with the
    // plan; the interactive mode asks).
    ...(args.yes ? { confirmToolCall: ALWAYS_YES, approvePlan: APPROVE_EVERY_PLAN } : {}),
    // `--yes` where nobody can answer an MCP server's form: its defaults, else declined.
    ...(args.yes ? { mcpElicitationDefaults: true } : {}),
    onWarning,
  };
}
