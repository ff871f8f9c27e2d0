import path from "node:path";
import { sessionOptionsFromFlags } from "@gong/protocol/session-flags";
import type { CodingSessionOptions } from "@gong/runtime";
import type { RpcArgs } from "./args.js";

/**
 * The session the flags describe, with the CLI's meaning for each (`--session`, `-c`,
 * `--no-session`, …). `--trust` is this run's answer for the folder: an editor that
 * asked its user passes it; nothing is recorded in the user settings.
 */
export function sessionOptions(
  args: RpcArgs,
  env: NodeJS.ProcessEnv,
  extra: Pick<
    CodingSessionOptions,
    | "onWarning"
    | "confirmToolCall"
    | "askUser"
    | "fileOperations"
    | "hooks"
    | "execOperations"
    | "mcpServers"
    | "approvePlan"
    | "appPermissionMode"
  > = {},
): CodingSessionOptions {
  return {
    ...sessionOptionsFromFlags(args, path.resolve(args.cwd ?? process.cwd()), env),
    // The editor may let its user pick a provider (`set_model`) before the first prompt:
    // without a key the server starts, and a prompt fails with the missing-key message.
    allowMissingApiKey: true,
    ...extra,
  };
}
