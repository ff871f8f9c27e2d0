/**
 * A command too long for one argument. Linux refuses any single argument over 128 KB
 * (MAX_ARG_STRLEN) with E2BIG, so `bash -c <3 MB script>` could not even start. Such a
 * command is saved in the tool-output folder and the shell sources it: same shell, same
 * `exit` and variables as `-c`, stdin still /dev/null. bash reads a sourced file whole
 * before running it, so the file can go once the shell has exited.
 */
import { constants } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { spillTimestamp } from "@gong/truncate";
import { openChecked } from "../fs/opened-path.js";
import { shellQuote } from "./shell-quote.js";

/** Longer scripts (in UTF-8 bytes) go through a file; half of MAX_ARG_STRLEN leaves room. */
export const MAX_INLINE_SCRIPT_BYTES = 64 * 1024;

export interface ScriptFile {
  /** What to pass to `-c`: sources the file. */
  inline: string;
  remove(): Promise<void>;
}

/** Writes `script` to a new file in `folder` (a checked tool-output folder). */
export async function writeScriptFile(folder: string, script: string): Promise<ScriptFile> {
  const file = path.join(
    folder,
    `bash_${spillTimestamp(new Date())}_${process.pid}_${Math.random().toString(36).slice(2, 8)}.sh`,
  );
  const handle = await openChecked(
    file,
    constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL,
    0o600,
  );
  try {
    await handle.writeFile(script);
  } finally {
    await handle.close();
  }
  return { inline: `. ${shellQuote(file)}`, remove: () => rm(file, { force: true }) };
}
