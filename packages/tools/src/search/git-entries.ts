import { existsSync } from "node:fs";
import path from "node:path";

const GIT_SEGMENT = /(^|[\\/])\.git([\\/]|$)/;

/** Where a search folder is, as rg's and fd's arguments depend on it. */
export interface GitPlace {
  /**
   * It holds a `.git`: rg and fd get a rule leaving it out (only then: they match such a
   * rule against every entry, ~5 ms per 50 000).
   */
  holdsGit: boolean;
  /**
   * It is in a git repository (a `.git` in it or a folder above), where rg and fd honour
   * .gitignore anyway: `--no-require-git`, which makes them honour it elsewhere too, cost
   * rg ~1.4 ms of a 270 ms scan.
   */
  inRepository: boolean;
}

export function gitPlace(folder: string): GitPlace {
  const holdsGit = existsSync(path.join(folder, ".git"));
  let inRepository = holdsGit;
  for (let current = folder; !inRepository && path.dirname(current) !== current; ) {
    current = path.dirname(current);
    inRepository = existsSync(path.join(current, ".git"));
  }
  return { holdsGit, inRepository };
}

/**
 * Whether a path relative to the search folder is a `.git` or inside one. rg and fd are
 * told to leave `.git` out only where the search folder holds one (they match such a
 * rule against every entry, ~5 ms per 50 000); what they print from a nested one is
 * dropped with this.
 */
export function isGitEntry(relative: string): boolean {
  return relative.includes(".git") && GIT_SEGMENT.test(relative);
}

/** isGitEntry for an absolute `file` below `folder`; made relative only when it may be one. */
export function isGitEntryBelow(folder: string, file: string): boolean {
  return file.includes(".git") && isGitEntry(path.relative(folder, file));
}
