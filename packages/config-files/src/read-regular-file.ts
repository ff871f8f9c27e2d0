import { closeSync, constants, fstatSync, openSync, readSync, type Stats, statSync } from "node:fs";

export type RegularFileRead =
  | { kind: "missing" }
  | { kind: "skipped"; warning: string }
  | { kind: "ok"; content: string; size: number };

/**
 * Reads a file gong finds by name (AGENTS.md, SYSTEM.md, SKILL.md…) without ever
 * blocking: only a regular file is opened — a FIFO would block `open` until a writer
 * comes, a device may never end — and an unreadable one (a symlink loop, no
 * permission) is skipped with a warning instead of failing the whole session. At most
 * `maxBytes` are read; `size` is the file's real size.
 */
export function readRegularFile(file: string, maxBytes: number): RegularFileRead {
  let stat: Stats;
  try {
    stat = statSync(file);
  } catch (error) {
    return missingOrSkipped(file, error);
  }
  // A folder of that name is simply not such a file.
  if (stat.isDirectory()) return { kind: "missing" };
  if (!stat.isFile()) return notRegular(file, stat);
  let fd: number;
  try {
    // O_NONBLOCK: if a FIFO replaced the file since the stat, open still returns at once.
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    return missingOrSkipped(file, error);
  }
  try {
    const opened = fstatSync(fd);
    if (!opened.isFile()) return notRegular(file, opened);
    const buffer = Buffer.alloc(Math.min(opened.size, maxBytes));
    let filled = 0;
    while (filled < buffer.length) {
      const read = readSync(fd, buffer, filled, buffer.length - filled, filled);
      if (read === 0) break;
      filled += read;
    }
    return { kind: "ok", content: buffer.toString("utf8", 0, filled), size: opened.size };
  } catch (error) {
    return missingOrSkipped(file, error);
  } finally {
    closeSync(fd);
  }
}

function missingOrSkipped(file: string, error: unknown): RegularFileRead {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOENT" || code === "ENOTDIR" || code === "EISDIR") return { kind: "missing" };
  // "ELOOP: too many symbolic links encountered, stat '…'" without repeating the path.
  const reason = (error as Error).message.split(", ")[0];
  return { kind: "skipped", warning: `cannot read ${file} (${reason}); skipped` };
}

function notRegular(file: string, stat: Stats): RegularFileRead {
  const what = stat.isFIFO()
    ? "a FIFO"
    : stat.isSocket()
      ? "a socket"
      : stat.isCharacterDevice() || stat.isBlockDevice()
        ? "a device"
        : "not a file";
  return { kind: "skipped", warning: `${file} is ${what}, not a regular file; skipped` };
}
