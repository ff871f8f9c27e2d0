/**
 * The files a command must not write even inside a writable folder: those that make
 * Gong, Claude Code or git run code later, outside the sandbox (apps/cli/test/sandbox-bash.test.ts
 * "planted files"). A command could otherwise write `.gong/settings.local.json` with hooks
 * under a name assembled in the shell, and the hooks would run at the next start; or
 * `.git/hooks/post-commit`, run at the user's next commit.
 *
 * In each writable folder (a root, the command's folder):
 * - `.gong/` and `.claude/` are mounted read-only, then their other entries (a worktree,
 *   a cache) are bound back writable: the settings files, hooks, commands, agents and
 *   skills stay read-only, and no new entry can appear beside them.
 * - `.mcp.json` is mounted read-only.
 * - `.git/` is bound onto itself (it can no longer be renamed away and replaced), with
 *   `hooks/` and `config` read-only; a worktree's `.git` file (a `gitdir:` pointer) is
 *   read-only, and so are its repository's hooks and config.
 * - A name that does not exist yet gets a read-only empty folder of the sandbox's own
 *   (a tmpfs), so the command cannot create it either. bwrap makes the mount point on
 *   disk, an empty folder: it is removed when the session's processes have ended
 *   (`ProcessGroups.removeWhenEnded`), and an empty folder makes no tool run anything.
 * - Something there that is a symbolic link cannot be pinned (the link itself could be
 *   replaced): the command is refused, fail closed.
 */
import { lstat, readdir, readFile } from "node:fs/promises";
import path from "node:path";

/** What stays read-only inside `.gong/` and `.claude/`. */
const PROTECTED_ENTRIES = new Set([
  "settings.json",
  "settings.local.json",
  "hooks",
  "commands",
  "agents",
  "skills",
]);
const CONFIG_FOLDERS = [".gong", ".claude"];

export type ProtectedMounts =
  | { ok: true; args: string[]; placeholders: string[] }
  | { ok: false; error: string };

type Kind = "missing" | "file" | "folder" | "link";

async function kindOf(file: string): Promise<Kind> {
  const stats = await lstat(file).catch(() => undefined);
  if (!stats) return "missing";
  if (stats.isSymbolicLink()) return "link";
  return stats.isDirectory() ? "folder" : "file";
}

class Mounts {
  readonly args: string[] = [];
  readonly placeholders: string[] = [];
  readonly links: string[] = [];

  readOnly(file: string): void {
    this.args.push("--ro-bind", file, file);
  }

  writable(file: string): void {
    this.args.push("--bind", file, file);
  }

  /** A read-only empty folder where nothing is yet. */
  placeholder(file: string): void {
    this.args.push("--tmpfs", file, "--remount-ro", file);
    this.placeholders.push(file);
  }

  /** `file` read-only whatever it is now; false when it is a link (refused). */
  async pin(file: string): Promise<Kind> {
    const kind = await kindOf(file);
    if (kind === "missing") this.placeholder(file);
    else if (kind === "link") this.links.push(file);
    else this.readOnly(file);
    return kind;
  }
}

/**
 * bwrap options that keep the code-running files of each folder in `writable` read-only;
 * they must come after the options that bind those folders writable.
 */
export async function protectedMounts(writable: readonly string[]): Promise<ProtectedMounts> {
  const mounts = new Mounts();
  for (const folder of new Set(writable)) {
    for (const name of CONFIG_FOLDERS) await protectConfigFolder(mounts, path.join(folder, name));
    await mounts.pin(path.join(folder, ".mcp.json"));
    await protectGit(mounts, path.join(folder, ".git"));
  }
  if (mounts.links.length > 0) {
    return {
      ok: false,
      error: `the sandbox cannot keep ${mounts.links.join(", ")} read-only: ${mounts.links.length === 1 ? "it is a symbolic link" : "they are symbolic links"}, which a command could replace. Replace the link with what it points to, or ask the user to run the command in their own terminal`,
    };
  }
  return { ok: true, args: mounts.args, placeholders: mounts.placeholders };
}

async function protectConfigFolder(mounts: Mounts, folder: string): Promise<void> {
  if ((await mounts.pin(folder)) !== "folder") return;
  const entries = await readdir(folder).catch(() => [] as string[]);
  for (const entry of entries) {
    if (PROTECTED_ENTRIES.has(entry)) continue;
    const file = path.join(folder, entry);
    // A link stays as it is, read-only: bwrap would follow it to wherever it points.
    if ((await kindOf(file)) !== "link") mounts.writable(file);
  }
}

async function protectGit(mounts: Mounts, dotGit: string): Promise<void> {
  const kind = await kindOf(dotGit);
  if (kind === "folder") {
    mounts.writable(dotGit);
    await mounts.pin(path.join(dotGit, "hooks"));
    await mounts.pin(path.join(dotGit, "config"));
    return;
  }
  await mounts.pin(dotGit);
  if (kind !== "file") return;
  // A worktree: `.git` names its folder in the repository, whose `commondir` leads to
  // the shared hooks and config. Those that exist are pinned (read-only already when
  // the repository lies outside the writable folders; a repository inside one is
  // protected as that folder's own `.git`).
  const pointer = /^gitdir:\s*(.+?)\s*$/m.exec(await readFile(dotGit, "utf8").catch(() => ""));
  if (!pointer) return;
  const gitDir = path.resolve(path.dirname(dotGit), pointer[1]!);
  const common = (await readFile(path.join(gitDir, "commondir"), "utf8").catch(() => "")).trim();
  const commonDir = common ? path.resolve(gitDir, common) : gitDir;
  for (const file of [
    path.join(commonDir, "hooks"),
    path.join(commonDir, "config"),
    path.join(gitDir, "config.worktree"),
  ]) {
    const found = await kindOf(file);
    if (found === "link") mounts.links.push(file);
    else if (found !== "missing") mounts.readOnly(file);
  }
}
