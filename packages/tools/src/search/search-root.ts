/**
 * Where rg runs (issue 21.3): in the search folder pinned (fs/pinned-dir.ts), as its
 * working folder. Outside the project it searches `.`: the child's working folder is the
 * opened folder itself, so a folder on the path swapped for a symbolic link after the
 * check is not searched where the link leads. Inside the project it searches the
 * folder's real path — rg matches every entry against the ignore files above the search
 * folder faster on absolute paths — and what it reports is confirmed from the project
 * root down (confirm-reported.ts). A single file is opened checked and given on stdin.
 */
import { constants } from "node:fs";
import path from "node:path";
import { openChecked } from "../fs/opened-path.js";
import { pinDirectory } from "../fs/pinned-dir.js";
import { isInside } from "../path/inside.js";

export interface SearchRoot {
  /** The child's working folder. */
  cwd: string;
  /** What the child is told to search: `.`, the real path, or `-` (the file on stdin). */
  target: string;
  /** The folder what the child reports is confirmed from (confirm-reported.ts). */
  trustedFrom: string;
  /** The child's stdin: the opened file, or nothing. */
  stdin: number | "ignore";
  /** The real path of a path the child reported. */
  toReal(reported: string): string;
  /** Throws `PathChangedError` when the result may come from elsewhere (see pinned-dir). */
  verify(): void;
  close(): Promise<void>;
}

/**
 * `real` is the checked real path of a folder or (`isFile`) a regular file, `projectRoot`
 * the project's real path.
 */
export async function openSearchRoot(
  real: string,
  isFile: boolean,
  projectRoot: string,
): Promise<SearchRoot> {
  if (isFile) {
    const handle = await openChecked(real, constants.O_RDONLY);
    return {
      cwd: path.dirname(real),
      target: "-",
      trustedFrom: path.dirname(real),
      stdin: handle.fd,
      toReal: () => real,
      verify: () => {},
      close: () => handle.close(),
    };
  }
  const dir = pinDirectory(real);
  const absolute = isInside(projectRoot, real);
  return {
    cwd: dir.path,
    target: absolute ? real : ".",
    trustedFrom: absolute ? projectRoot : real,
    stdin: "ignore",
    toReal: absolute ? (reported) => reported : (reported) => path.join(real, reported),
    verify: () => dir.verify(),
    close: async () => dir.close(),
  };
}
