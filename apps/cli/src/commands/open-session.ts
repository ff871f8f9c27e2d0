import { resolveGongHome } from "@gong/base";
import { type CodingSession, createCodingSession, listSessionsForCwd } from "@gong/runtime";
import type { CliArgs } from "../args.js";
import type { CliIo } from "../io.js";
import { codingSessionOptions } from "../session-options.js";

/**
 * The stored session a one-off command works on (`--compact`, `--rewind` with `-c` /
 * `-r <id>`), its warnings on stderr; when it cannot be opened, the exit code (2 for a
 * usage error). `-c` with no session of this directory is 1: opening would start a new,
 * empty one and report on that instead of saying there is nothing.
 */
export async function openCommandSession(
  args: CliArgs,
  io: CliIo,
  command: "--compact" | "--rewind",
): Promise<{ ok: true; session: CodingSession } | { ok: false; code: number }> {
  if (await continuesNoSession(args, io)) {
    io.stderr(`gong: ${command} -c: no saved session for this directory yet.\n`);
    return { ok: false, code: 1 };
  }
  const warn = (message: string) => io.stderr(`gong: warning: ${message}\n`);
  const created = await createCodingSession({
    ...codingSessionOptions(args, io, warn),
    // A rewind calls no model, so it needs no key (issue 34.15); a compaction does.
    allowMissingApiKey: command === "--rewind",
  });
  for (const message of created.warnings) warn(message);
  if (created.ok) return { ok: true, session: created.session };
  io.stderr(`gong: ${created.error.message}\n`);
  return { ok: false, code: created.error.usage ? 2 : 1 };
}

async function continuesNoSession(args: CliArgs, io: CliIo): Promise<boolean> {
  if (!args.continue) return false;
  const sessions = await listSessionsForCwd({
    cwd: io.cwd,
    gongHome: resolveGongHome(io.env),
    sessionDir: args.sessionDir,
    env: io.env,
  });
  return sessions.length === 0;
}
