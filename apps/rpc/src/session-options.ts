import path from "node:path";
import { type CodingSessionOptions, sessionChoiceFromFlags } from "@gong/runtime";
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
    "onWarning" | "confirmToolCall" | "askUser" | "fileOperations" | "hooks"
  > = {},
): CodingSessionOptions {
  return {
    cwd: path.resolve(args.cwd ?? process.cwd()),
    env,
    ...defined({
      provider: args.provider,
      model: args.model,
      apiKey: args.apiKey,
      baseUrl: args.baseUrl,
      thinking: args.thinking,
      tools: args.tools,
      preset: args.preset,
      sessionDir: args.sessionDir,
    }),
    allowPaths: args.allowPaths,
    session: sessionChoiceFromFlags(args),
    ...(args.trust ? { trust: true } : {}),
    ...extra,
  };
}

/** Drops undefined values (exactOptionalPropertyTypes). */
function defined<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(values).filter(([, v]) => v !== undefined),
  ) as Partial<T>;
}
