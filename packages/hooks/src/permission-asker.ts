/**
 * The session's one way to ask the user about a tool call (every check's question goes
 * through `confirmCall`, @gong/policy confirm-call.ts): PermissionRequest hooks answer first,
 * then the Notification hooks hear that gong waits, then the app asks. Without an app
 * that can ask (print and json mode) the call is refused unless a hook allowed it.
 */

import type { ConfirmationAnswer, ToolConfirmation, ToolConfirmationRequest } from "@gong/policy";
import { noConfirmationReason } from "@gong/policy";
import { toClaudeToolName } from "@gong/tools";
import type { CommandHooks } from "./command-hooks.js";

/** Seconds of PermissionRequest hooks the question's time limit leaves room for. */
function permissionHooksMs(hooks: CommandHooks | undefined): number {
  return hooks?.permissionRequestTimeoutMs ?? 0;
}

/**
 * `hooks` is read at each question (the session's command hooks are made after the
 * checks that ask); `confirm` is the app's dialog, undefined where no one can answer.
 */
export function permissionAsker(
  hooks: () => CommandHooks | undefined,
  confirm: ToolConfirmation | undefined,
  warn: (message: string) => void,
): ToolConfirmation {
  return {
    get timeoutMs() {
      return (confirm?.timeoutMs ?? 0) + permissionHooksMs(hooks());
    },
    async ask(request: ToolConfirmationRequest): Promise<ConfirmationAnswer> {
      const commandHooks = hooks();
      const decided = await commandHooks?.permissionRequest(request.toolName, request.input);
      if (decided?.behavior === "deny") return { refused: decided.message };
      if (decided?.behavior === "allow" && decided.params === undefined) return true;
      if (decided?.behavior === "allow") {
        // The hook allowed a call other than this one: it is not what the user would be
        // asked about, so they are asked about the call as it is (fails closed).
        warn(
          `a PermissionRequest hook answered allow with updatedInput for ${toClaudeToolName(request.toolName)}; gong does not rewrite a call there, so it asks about the call as it is`,
        );
      }
      if (!confirm) return { refused: noConfirmationReason(request) };
      if (!confirm.automatic) {
        const tool = toClaudeToolName(request.toolName);
        // Not awaited: the question is shown at once; a hook's failure is a warning.
        commandHooks
          ?.notification("permission_prompt", `Gong needs your permission to use ${tool}`)
          .catch((error: unknown) => warn(`Notification hook: ${String(error)}`));
      }
      return confirm.ask(request);
    },
  };
}
