import type { CodingSessionOptions, ToolConfirmation } from "@gong/runtime";
import { sessionOptionsFromFlags } from "@gong/runtime/session-flags";
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
    // `--trust` was recorded before the session opens; otherwise the user settings decide.
    ...sessionOptionsFromFlags(args, io.cwd, io.env),
    outputLevel: args.outputLevel,
    systemPrompt: args.systemPrompt,
    appendSystemPrompt: args.appendSystemPrompt,
    // `--yes`: every call that needs confirmation is allowed (without it, print and json
    // mode deny them; the interactive mode asks).
    ...(args.yes ? { confirmToolCall: ALWAYS_YES } : {}),
    // `--yes` where nobody can answer an MCP server's form: its defaults, else declined.
    ...(args.yes ? { mcpElicitationDefaults: true } : {}),
    onWarning,
  };
}
