import { lstatSync, type Stats, statSync } from "node:fs";

/** Per file: inode, size, mtime, ctime; -1 everywhere while the file does not exist. */
const FIELDS = 4;

/**
 * Notices when any of a fixed set of files is created, deleted, written or replaced
 * (editors that save by rename change the inode and ctime). One `stat` per file and no
 * allocation beyond it, so it can run before every LLM call; nothing is watched in the
 * background, so nothing keeps the process alive or has to be closed, and a change made
 * a moment ago by the agent's own tool is always seen (a watcher's event may not have
 * arrived yet when the next request is built).
 */
export class FileStamps {
  private readonly stamps: Float64Array;

  constructor(readonly files: readonly string[]) {
    this.stamps = new Float64Array(files.length * FIELDS);
    this.changed();
  }

  /** True when a file changed since the last call (or the constructor). */
  changed(): boolean {
    let changed = false;
    for (let i = 0; i < this.files.length; i++) {
      const stat = stamp(this.files[i]!);
      const at = i * FIELDS;
      const ino = stat ? stat.ino : -1;
      const size = stat ? stat.size : -1;
      const mtime = stat ? stat.mtimeMs : -1;
      const ctime = stat ? stat.ctimeMs : -1;
      if (
        this.stamps[at] !== ino ||
        this.stamps[at + 1] !== size ||
        this.stamps[at + 2] !== mtime ||
        this.stamps[at + 3] !== ctime
      ) {
        changed = true;
        this.stamps[at] = ino;
        this.stamps[at + 1] = size;
        this.stamps[at + 2] = mtime;
        this.stamps[at + 3] = ctime;
      }
    }
    return changed;
  }
}

/**
 * One file's stamp as text (inode, size, mtime, ctime; "" while it does not exist), for
 * telling whether it is still as it was at some earlier moment.
 */
export function stampText(file: string): string {
  const stat = stamp(file);
  return stat ? `${stat.ino}:${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}` : "";
}

/**
 * The file's stat; for one that cannot be followed (a symlink loop, no permission on a
 * folder) the link's own, so such a file neither breaks the session nor hides a change.
 */
function stamp(file: string): Stats | undefined {
  try {
    return statSync(file, { throwIfNoEntry: false });
  } catch {
    try {
      return lstatSync(file, { throwIfNoEntry: false });
    } catch {
      return undefined;
    }
  }
}
