#!/usr/bin/env node
// `pnpm gong …` — runs the `gong` CLI from this checkout. The build goes through turbo
// first so the binary is never stale (cached: about a second when nothing changed).
// It is the `gong` bin of a private workspace package the root depends on, not a root
// script: with no script of that name pnpm runs it as `pnpm exec gong`, which prints
// no `> gong-monorepo@ gong` banner and no ELIFECYCLE line, so stdout is gong's alone
// (`pnpm gong --mode json … > events.jsonl` is pure JSONL).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..", "..");
const turbo = path.join(root, "node_modules", ".bin", "turbo");
const cli = path.join(root, "apps", "cli", "dist", "bin.js");
// The first build takes a while: say so rather than sit silent.
if (!existsSync(cli)) console.error("gong: building the CLI (first run)…");
const build = spawnSync(
  turbo,
  ["run", "build", "--filter=@gong/cli...", "--output-logs=errors-only", "--log-prefix=none"],
  {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: "1" },
  },
);
if (build.status !== 0) {
  console.error("gong: building the CLI failed (run `pnpm build` to see why)");
  process.exit(build.status ?? 1);
}
// `pnpm exec` runs in the folder where the user typed the command.
const run = spawnSync(process.execPath, [cli, ...process.argv.slice(2)], { stdio: "inherit" });
process.exit(run.status ?? 1);
