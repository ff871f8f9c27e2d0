// `pnpm gong …` — runs the `gong` CLI from this checkout (building it first if needed).
// Until apps/cli exists it says so and lists the packages that are ready to use.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const cliDir = path.join(root, "apps", "cli");
const cliBin = path.join(cliDir, "dist", "bin.js");

if (existsSync(cliDir)) {
  if (!existsSync(cliBin)) {
    const build = spawnSync(
      "npx",
      ["-y", "pnpm@10.34.9", "turbo", "run", "build", "--filter=@gong/cli..."],
      {
        cwd: root,
        stdio: ["ignore", "inherit", "inherit"],
      },
    );
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const run = spawnSync(process.execPath, [cliBin, ...process.argv.slice(2)], { stdio: "inherit" });
  process.exit(run.status ?? 1);
}

const packages = readdirSync(path.join(root, "packages"))
  .map((dir) => path.join(root, "packages", dir, "package.json"))
  .filter(existsSync)
  .map((file) => JSON.parse(readFileSync(file, "utf8")))
  .filter((pkg) => !pkg.private)
  .map((pkg) => `  ${pkg.name}@${pkg.version}  ${pkg.description ?? ""}`);
console.log(
  [
    "gong: the CLI (apps/cli) is not built in this checkout yet; these packages are ready:",
    ...packages,
  ].join("\n"),
);
