import { type CommandHooks, type CommandHooksConfig, createCommandHooks } from "@gong/hooks";
import type { ConfirmedCalls, ToolConfirmation } from "@gong/policy";
import type { HookMatcherSetting } from "@gong/settings";

export interface HooksContext {
  cwd: string;
  sessionId: string;
  transcriptPath: string | undefined;
  env: NodeJS.ProcessEnv;
  warn: (message: string) => void;
  /** Asks the user about a call a PreToolUse hook answered `ask` for; else it is blocked. */
  confirm?: ToolConfirmation;
  /** The calls the user answered "always" for, this session (hooks and confirmBash). */
  confirmed: ConfirmedCalls;
}

/**
 * The session's Claude Code command hooks from settings `hooks` (so a user's existing
 * scripts work unchanged). Created once per session, even without hooks: settings
 * edited later swap the configuration in (`setConfig`), and SessionStart runs once.
 */
export function createSessionCommandHooks(
  hooks: Record<string, HookMatcherSetting[]> | undefined,
  context: HooksContext,
): CommandHooks {
  return createCommandHooks((hooks ?? {}) as CommandHooksConfig, {
    cwd: context.cwd,
    sessionId: context.sessionId,
    ...(context.transcriptPath ? { transcriptPath: context.transcriptPath } : {}),
    env: context.env,
    notify: context.warn,
    ...(context.confirm ? { confirm: context.confirm } : {}),
    confirmed: context.confirmed,
  });
}
