/**
 * Where rg and fd run (issue 21.3): in the search folder pinned (fs/pinned-dir.ts), as
 * their working folder, searching `.`. The child's working folder is the opened folder
 * itself, so a folder on the path swapped for a symbolic link after the check is not
 * searched where the link leads. A single file is opened checked and given on stdin.
 * The paths the child reports are mapped back to real paths under the checked one.
 */
import { constants } from "node:fs";
import path from "node:path";
import { openChecked } from "../fs/opened-path.js";
import { pinDirectory } from "../fs/pinned-dir.js";

export interface SearchRoot {
  /** The child's working folder. */
  cwd: string;
  /** What the child is told to search: `.` (the folder) or `-` (the file on stdin). */
  target: "." | "-";
  /** The child's stdin: the opened file, or nothing. */
  stdin: number | "ignore";
  /** The real path of a path the child reported. */
  toReal(reported: string): string;
  /** Throws `PathChangedError` when the result may come from elsewhere (see pinned-dir). */
  verify(): void;
  close(): Promise<void>;
}

/** `real` is the checked real path of a folder or (`isFile`) a regular file. */
export async function openSearchRoot(real: string, isFile: boolean): Promise<SearchRoot> {
  if (isFile) {
    const handle = await openChecked(real, constants.O_RDONLY);
    return {
      cwd: path.dirname(real),
      target: "-",
      stdin: handle.fd,
      toReal: () => real,
      verify: () => {},
      close: () => handle.close(),
    };
  }
  const dir = pinDirectory(real);
  return {
    cwd: dir.path,
    target: ".",
    stdin: "ignore",
    toReal: (reported) => path.join(real, reported),
    verify: () => dir.verify(),
    close: async () => dir.close(),
  };
}
