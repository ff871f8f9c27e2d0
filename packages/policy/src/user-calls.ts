/**
 * The user's own calls through the same policy as the model's (decide-call.ts):
 * `!cmd` and RPC `bash` (`typed`: the user wrote the command), a prompt command's
 * `` !`cmd` `` and `@path` (`command`: a file's author wrote them, the user only ran
 * `/name`). A deny rule refuses both — the settings' deny rules are the user's and the
 * project's word too; a `command` call also gets the ask rules' question (denied where no
 * one can be asked). The mode asks nothing here: the user asked for the call.
 */
import { failure, type Tool } from "@gong/tools";
import type { SessionPermissions } from "./session-permissions.js";

export type UserCallOrigin = "typed" | "command";

export function withCallPolicy(
  tool: Tool,
  policy: SessionPermissions,
  origin: UserCallOrigin,
): Tool {
  return {
    ...tool,
    async execute(params, context) {
      const args = params as Record<string, unknown>;
      const refusal = await policy.checkUserCall(tool.name, args, origin);
      if (refusal === undefined) return tool.execute(params, context);
      return failure("BLOCKED", refusal, {
        next: ["Do it another way, or change the permission rules in the settings."],
      });
    },
  };
}
