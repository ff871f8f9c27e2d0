/**
 * Finding rg and fd on PATH (Debian calls fd `fdfind`). Nothing is downloaded: without
 * them grep and find use the Node fallback and say so.
 */
import { spawnSync } from "node:child_process";
import { accessSync, constants } from "node:fs";
import path from "node:path";

export interface SearchBinaries {
  rg?: string;
  fd?: string;
  /** Whether this fd honours .gitignore outside a git repository (`--no-require-git`, fd ≥ 8.7). */
  fdNoRequireGit: boolean;
}

export function findOnPath(
  names: readonly string[],
  envPath = process.env.PATH ?? "",
): string | undefined {
  for (const dir of envPath.split(path.delimiter)) {
    if (!dir) continue;
    for (const name of names) {
      const candidate = path.join(dir, name);
      try {
        accessSync(candidate, constants.X_OK);
        return candidate;
      } catch {
        // Not here: keep looking.
      }
    }
  }
  return undefined;
}

const cache = new Map<string, SearchBinaries>();

/** rg / fd on `envPath`, probed once per PATH value. */
export function detectSearchBinaries(envPath = process.env.PATH ?? ""): SearchBinaries {
  const cached = cache.get(envPath);
  if (cached) return cached;
  const rg = findOnPath(["rg"], envPath);
  const fd = findOnPath(["fd", "fdfind"], envPath);
  let fdNoRequireGit: boolean | undefined;
  const found: SearchBinaries = {
    rg,
    fd,
    // Asked on first use, by find: grep needs only rg, and a spawn forks all of gong.
    get fdNoRequireGit() {
      fdNoRequireGit ??= fd ? fdHonoursIgnoreFilesAnywhere(fd) : false;
      return fdNoRequireGit;
    },
  };
  cache.set(envPath, found);
  return found;
}

function fdHonoursIgnoreFilesAnywhere(fd: string): boolean {
  const help = spawnSync(fd, ["--help"], { encoding: "utf8", timeout: 5000 });
  return (help.stdout ?? "").includes("--no-require-git");
}
