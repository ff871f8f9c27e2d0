import type { ToolResponse } from "@gong/base";
import type { UserMessage } from "@gong/llm";
import { runTool, type Tool } from "@gong/tools";

/**
 * A command the user ran themselves (an editor's `bash`, pi's `!cmd`): run with the
 * session's bash tool, so output limits, the full-output log and process groups are
 * the model's own; its `text` becomes a user message, so the model sees what the user saw.
 */
export async function runUserBash(
  bash: Tool,
  command: string,
  cwd: string,
  signal?: AbortSignal,
): Promise<{ result: ToolResponse; message: UserMessage }> {
  const result = await runTool(bash, { command }, { cwd, ...(signal ? { signal } : {}) });
  const message: UserMessage = {
    role: "user",
    content: `I ran \`${command}\`:\n\n${result.text}`,
    timestamp: Date.now(),
  };
  return { result, message };
}
