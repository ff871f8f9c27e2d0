import type { AgentHooks } from "@gong/agent-core";
import type { HookMatcherSetting } from "../config/settings-types.js";

export interface CommandHookContext {
  cwd: string;
  sessionId: string;
  transcriptPath: string | undefined;
  warn: (message: string) => void;
}

/** Claude Code command hooks from settings as agent hooks (waiting for agent-core's runner). */
export function commandHooksFromSettings(
  hooks: Record<string, HookMatcherSetting[]> | undefined,
  context: CommandHookContext,
): AgentHooks[] {
  void hooks;
  void context;
  return [];
}
