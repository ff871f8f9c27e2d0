/**
 * `~` expansion — the one place Gong does it (the tools' paths and allowed roots,
 * runtime's settings, and GONG_HOME for llm, session-store and runtime). `~` and
 * `~/x` are the current user's home; `~user` and `~user/x` are that user's home as
 * /etc/passwd records it. A user that cannot be found is refused, never guessed: gluing
 * the name onto our own home (the `/home/<me>user/x` an earlier copy produced) would
 * quietly point somewhere else.
 */
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export interface ExpandHomeOptions {
  /** The current user's home, for `~` (default: the OS's). */
  home?: string;
  /** Where `~user` is looked up (default `/etc/passwd`). */
  passwdFile?: string;
}

export type PathExpansion = { ok: true; path: string } | { ok: false; error: string };

/** `input` with a leading `~` or `~user` expanded; any other path unchanged. */
export function expandHome(input: string, options: ExpandHomeOptions = {}): PathExpansion {
  if (!input.startsWith("~")) return { ok: true, path: input };
  const slash = input.indexOf("/");
  const name = input.slice(1, slash === -1 ? undefined : slash);
  const rest = slash === -1 ? "" : input.slice(slash + 1);
  const home = options.home ?? os.homedir();
  if (name === "" || name === currentUserName()) return { ok: true, path: path.join(home, rest) };
  const passwdFile = options.passwdFile ?? "/etc/passwd";
  const userHome = lookUpHome(name, passwdFile);
  if (typeof userHome !== "string") {
    return {
      ok: false,
      error: `Cannot expand ~${name}: there is no user "${name}" in ${passwdFile}${userHome.why}. Use an absolute path, or ~/ for your own home.`,
    };
  }
  return { ok: true, path: path.join(userHome, rest) };
}

/** The login name, which may be missing from /etc/passwd (macOS keeps users elsewhere). */
function currentUserName(): string | undefined {
  try {
    return os.userInfo().username;
  } catch {
    // No passwd entry for our uid (a container's arbitrary uid): `~` still works.
    return undefined;
  }
}

/** The home field of `name`'s /etc/passwd line (`name:pw:uid:gid:gecos:home:shell`). */
function lookUpHome(name: string, passwdFile: string): string | { why: string } {
  let text: string;
  try {
    text = readFileSync(passwdFile, "utf8");
  } catch (error) {
    return { why: ` (it could not be read: ${(error as NodeJS.ErrnoException).code ?? error})` };
  }
  for (const line of text.split("\n")) {
    const fields = line.split(":");
    if (fields[0] === name && fields[5]) return fields[5];
  }
  return { why: "" };
}
