import { type CodingSession, createCodingSession } from "@gong/runtime";
import type { CliArgs } from "../args.js";
import type { CliIo } from "../io.js";
import { codingSessionOptions } from "../session-options.js";

/**
 * The session a one-off command works on (`--compact`, `--rewind` with `-c` / `-r <id>`),
 * its warnings on stderr; when it cannot be opened, the exit code (2 for a usage error).
 */
export async function openCommandSession(
  args: CliArgs,
  io: CliIo,
): Promise<{ ok: true; session: CodingSession } | { ok: false; code: number }> {
  const warn = (message: string) => io.stderr(`gong: warning: ${message}\n`);
  const created = await createCodingSession(codingSessionOptions(args, io, warn));
  for (const message of created.warnings) warn(message);
  if (created.ok) return { ok: true, session: created.session };
  io.stderr(`gong: ${created.error.message}\n`);
  return { ok: false, code: created.error.usage ? 2 : 1 };
}
