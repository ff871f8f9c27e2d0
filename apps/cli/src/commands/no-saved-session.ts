import { listSessionsForCwd, resolveGongHome } from "@gong/runtime";
import type { CliArgs } from "../args.js";
import type { CliIo } from "../io.js";

/**
 * True when `-c` has no stored session of this directory to continue: a command that
 * works on a stored session (`--compact`, `--rewind`) would otherwise start a new, empty
 * one and report on that instead of saying there is nothing.
 */
export async function continuesNoSession(args: CliArgs, io: CliIo): Promise<boolean> {
  if (!args.continue) return false;
  const sessions = await listSessionsForCwd({
    cwd: io.cwd,
    gongHome: resolveGongHome(io.env),
    sessionDir: args.sessionDir,
    env: io.env,
  });
  return sessions.length === 0;
}
