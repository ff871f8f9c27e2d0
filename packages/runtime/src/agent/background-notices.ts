/**
 * The model is told, in one line at its next turn, that a background shell ended
 * (apps/cli/test/background-shells.test.ts): during a run the line follows the next tool
 * result; between runs it comes as a message before the next prompt. A shell the model
 * already read to its end or killed is not announced (`BackgroundShells.takeExitNotices`).
 */
import type { AgentHooks } from "@gong/agent-core";
import type { ToolResponse } from "@gong/base";
import type { BackgroundShells } from "@gong/tools";

/** The hook's name: subagents run without it (the parent's model is the one to tell). */
export const BACKGROUND_NOTICE_HOOK = "background-shells";

export function createBackgroundNoticeHook(shells: BackgroundShells): AgentHooks {
  return {
    name: BACKGROUND_NOTICE_HOOK,
    onToolResult(_toolName: string, result: ToolResponse): ToolResponse {
      const notices = shells.takeExitNotices();
      if (notices.length === 0) return result;
      return { ...result, text: [result.text, ...notices].join("\n\n") };
    },
    onBeforeAgent() {
      const notices = shells.takeExitNotices();
      if (notices.length === 0) return undefined;
      return {
        messages: [{ role: "user", content: notices.join("\n"), timestamp: Date.now() }],
      };
    },
  };
}
