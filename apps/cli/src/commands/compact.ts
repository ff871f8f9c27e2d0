import { compactionDetail } from "@gong/runtime";
import type { CliArgs } from "../args.js";
import type { CliIo } from "../io.js";
import { openCommandSession } from "./open-session.js";

/**
 * `gong --compact -c` / `-r <id>`: summarises a stored session's older messages so the
 * next prompt fits — the print-mode counterpart of the interactive `/compact`.
 */
export async function compactCommand(args: CliArgs, io: CliIo): Promise<number> {
  const opened = await openCommandSession(args, io, "--compact");
  if (!opened.ok) return opened.code;
  const session = opened.session;
  try {
    const outcome = await session.compaction.compact();
    if (!outcome.ok) {
      io.stderr(`gong: --compact: ${outcome.message}\n`);
      return 1;
    }
    const { tokensBefore, tokensAfter } = outcome.result;
    const detail = compactionDetail(outcome.result);
    io.stdout(
      `Compacted ${tokensBefore} tokens into ${tokensAfter}: ${detail} (${session.file.path}).\n`,
    );
    return 0;
  } finally {
    await session.close();
  }
}
