import {
  type CodingSessionOptions,
  sessionChoiceFromFlags,
  type ToolConfirmation,
} from "@gong/runtime";
import type { CliArgs } from "./args.js";
import type { CliIo } from "./io.js";

const ALWAYS_YES: ToolConfirmation = { ask: async () => true, timeoutMs: 1000 };

/** What the flags say about the coding session to open (runs and `--compact` alike). */
export function codingSessionOptions(
  args: CliArgs,
  io: CliIo,
  onWarning: (message: string) => void,
): CodingSessionOptions {
  return {
    cwd: io.cwd,
    env: io.env,
    provider: args.provider,
    model: args.model,
    apiKey: args.apiKey,
    baseUrl: args.baseUrl,
    thinking: args.thinking,
    tools: args.tools,
    preset: args.preset,
    allowPaths: args.allowPaths,
    outputLevel: args.outputLevel,
    session: sessionChoiceFromFlags(args),
    sessionDir: args.sessionDir,
    systemPrompt: args.systemPrompt,
    appendSystemPrompt: args.appendSystemPrompt,
    // Recorded by `--trust` before the session opens; otherwise the user settings decide.
    ...(args.trust ? { trust: true } : {}),
    // `--yes`: every call that needs confirmation is allowed (without it, print and json
    // mode deny them; the interactive mode asks).
    ...(args.yes ? { confirmToolCall: ALWAYS_YES } : {}),
    onWarning,
  };
}
