import { createCodingSession } from "@gong/runtime";
import type { CliArgs } from "../args.js";
import type { CliIo } from "../io.js";
import { codingSessionOptions } from "../session-options.js";
import { continuesNoSession } from "./no-saved-session.js";

/**
 * `gong --compact -c` / `-r <id>`: summarises a stored session's older messages so the
 * next prompt fits — the print-mode counterpart of the interactive `/compact`.
 */
export async function compactCommand(args: CliArgs, io: CliIo): Promise<number> {
  // `-c` alone would start a new, empty session when there is none: nothing to compact.
  if (await continuesNoSession(args, io)) {
    io.stderr("gong: --compact -c: no saved session for this directory yet.\n");
    return 1;
  }
  const warn = (message: string) => io.stderr(`gong: warning: ${message}\n`);
  const created = await createCodingSession(codingSessionOptions(args, io, warn));
  for (const message of created.warnings) warn(message);
  if (!created.ok) {
    io.stderr(`gong: ${created.error.message}\n`);
    return created.error.usage ? 2 : 1;
  }
  const session = created.session;
  try {
    const outcome = await session.compact();
    if (!outcome.ok) {
      io.stderr(`gong: --compact: ${outcome.message}\n`);
      return 1;
    }
    const { tokensBefore, tokensAfter } = outcome.result;
    io.stdout(`Compacted ${tokensBefore} tokens into ${tokensAfter} (${session.file}).\n`);
    return 0;
  } finally {
    await session.close();
  }
}
