// pi looks for rg and fd in `<agent dir>/bin` first (where it would download them) and
// calls fd with `--no-require-git` (fd ≥ 8.7). Offline, the bench links the system's
// binaries there; an older fd (Debian's fdfind 8.6) gets a tiny exec shim that drops
// that flag — the corpus is a git repository, so the flag changes nothing there.
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";

const SHIM_C = (fd) => `#include <string.h>
#include <unistd.h>
int main(int argc, char **argv) {
  char *args[argc + 1];
  int n = 0;
  args[n++] = "${fd}";
  for (int i = 1; i < argc; i++)
    if (strcmp(argv[i], "--no-require-git") != 0) args[n++] = argv[i];
  args[n] = 0;
  execv("${fd}", args);
  return 127;
}
`;

/** Fills `<agentDir>/bin` with rg and fd for pi; returns how fd got there. */
export function preparePiBin(agentDir, bins) {
  const dir = path.join(agentDir, "bin");
  mkdirSync(dir, { recursive: true });
  if (bins.rg && !existsSync(path.join(dir, "rg"))) symlinkSync(bins.rg, path.join(dir, "rg"));
  const target = path.join(dir, "fd");
  if (!bins.fd) return "fd missing";
  if (existsSync(target)) return "ready";
  const help = spawnSync(bins.fd, ["--help"], { encoding: "utf8" }).stdout ?? "";
  if (help.includes("--no-require-git")) {
    symlinkSync(bins.fd, target);
    return "linked";
  }
  const source = path.join(dir, "fd-shim.c");
  writeFileSync(source, SHIM_C(bins.fd));
  const cc = spawnSync("cc", ["-O2", "-o", target, source], { stdio: "ignore" });
  if (cc.status === 0) return "C exec shim (drops --no-require-git)";
  writeFileSync(
    target,
    `#!/bin/sh\nfor a; do shift; [ "$a" = --no-require-git ] || set -- "$@" "$a"; done\nexec "${bins.fd}" "$@"\n`,
  );
  chmodSync(target, 0o755);
  return "sh shim (drops --no-require-git)";
}
