import {
  type AgentHooks,
  type CommandHooksConfig,
  createCommandHooks,
  loadHookModules,
  type ToolConfirmation,
} from "@gong/agent-core";
import type { HookMatcherSetting } from "../config/settings-types.js";

export interface HooksContext {
  cwd: string;
  sessionId: string;
  transcriptPath: string | undefined;
  env: NodeJS.ProcessEnv;
  /** Hook modules found in `~/.gong/hooks` and `.gong/hooks`. */
  hookFiles: readonly string[];
  warn: (message: string) => void;
  /** Asks the user about a call a PreToolUse hook answered `ask` for; else it is blocked. */
  confirm?: ToolConfirmation;
}

/**
 * The agent hooks of a session: Claude Code command hooks from settings `hooks` (so a
 * user's existing scripts work unchanged) plus the in-process hook modules of the hooks
 * folders. A module that fails to load is reported and skipped.
 */
export async function loadSessionHooks(
  hooks: Record<string, HookMatcherSetting[]> | undefined,
  context: HooksContext,
): Promise<AgentHooks[]> {
  const result: AgentHooks[] = [];
  if (hooks && Object.keys(hooks).length > 0) {
    result.push(
      createCommandHooks(hooks as CommandHooksConfig, {
        cwd: context.cwd,
        sessionId: context.sessionId,
        ...(context.transcriptPath ? { transcriptPath: context.transcriptPath } : {}),
        env: context.env,
        notify: context.warn,
        ...(context.confirm ? { confirm: context.confirm } : {}),
      }),
    );
  }
  if (context.hookFiles.length > 0) {
    const loaded = await loadHookModules(context.hookFiles, context.cwd);
    for (const error of loaded.errors) context.warn(error);
    result.push(...loaded.hooks);
  }
  return result;
}
