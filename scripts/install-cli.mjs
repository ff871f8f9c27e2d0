// `pnpm install-cli` — builds the CLI and the editor server and puts `gong` and
// `gong-rpc` on the PATH as links to this checkout (`npm install -g <folder>` links, so
// a later `pnpm build` updates them).
// The folder is npm's global prefix as npm itself resolves it (`npm prefix -g`: the
// user's `npm_config_prefix` / `NPM_CONFIG_PREFIX`, then .npmrc's `prefix`, then Node's).
// When that folder is not writable (a system Node), it installs into ~/.local instead of
// asking for sudo. `pnpm install-cli --remove` undoes either; `--no-build` only links
// (the checkout is already built).
import { spawnSync } from "node:child_process";
import { accessSync, constants, rmdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const remove = process.argv.includes("--remove");
const build = !process.argv.includes("--no-build");
/** What is linked: @gong/cli puts `gong` on the PATH, @gong/rpc `gong-rpc`. */
const PACKAGES = [
  { name: "@gong/cli", folder: "./apps/cli" },
  { name: "@gong/rpc", folder: "./apps/rpc" },
];

// pnpm hands its own configuration to scripts as lower-case npm_config_* variables (its
// own globalconfig, for one), which npm would take for the user's: all are dropped but
// `prefix`, npm's documented way to choose the global folder (npx sets it to npm's own
// resolved prefix; a pnpm that set it to the workspace root is not heeded). Upper-case
// NPM_CONFIG_* are the user's and stay. `scripts/install-cli.test.mjs` pins both.
const env = Object.fromEntries(
  Object.entries(process.env).filter(
    ([key, value]) =>
      !key.startsWith("npm_config_") ||
      (key === "npm_config_prefix" && path.resolve(value) !== root),
  ),
);

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, encoding: "utf8", env, ...options });
  if (result.error) throw result.error;
  return result;
}

/** Whether npm could create `dir`: the nearest folder of it that exists is writable. */
function writable(dir) {
  for (let current = dir; ; current = path.dirname(current)) {
    try {
      accessSync(current, constants.W_OK);
      return true;
    } catch (error) {
      if (error.code !== "ENOENT" || path.dirname(current) === current) return false;
    }
  }
}

const globalPrefix = run(npm, ["prefix", "-g"]).stdout.trim();
const globalLib =
  process.platform === "win32" ? globalPrefix : path.join(globalPrefix, "lib", "node_modules");
const localPrefix = path.join(os.homedir(), ".local");
const prefix = writable(globalLib) ? globalPrefix : localPrefix;
const binDir = process.platform === "win32" ? prefix : path.join(prefix, "bin");

/** Removes the scope folder npm leaves behind once its last package is gone. */
function removeEmptyScope(where) {
  const lib = process.platform === "win32" ? where : path.join(where, "lib");
  try {
    rmdirSync(path.join(lib, "node_modules", "@gong"));
  } catch (error) {
    // Missing (never installed there), not empty (another @gong package) or not ours to
    // change (a system prefix npm could not write either): leave it.
    if (!["ENOENT", "ENOTEMPTY", "EEXIST", "EACCES", "EPERM"].includes(error.code)) throw error;
  }
}

if (remove) {
  for (const where of new Set([globalPrefix, localPrefix])) {
    const names = PACKAGES.map((pkg) => pkg.name);
    run(npm, ["rm", "-g", "--prefix", where, ...names], { stdio: "ignore" });
    removeEmptyScope(where);
  }
  console.log("gong and gong-rpc removed from the PATH (the checkout is untouched).");
  process.exit(0);
}

if (build) buildApps();

function buildApps() {
  console.error("gong: building the CLI and gong-rpc…");
  const result = run(
    path.join(root, "node_modules", ".bin", "turbo"),
    [
      "run",
      "build",
      ...PACKAGES.map((pkg) => `--filter=${pkg.name}...`),
      "--output-logs=errors-only",
      "--log-prefix=none",
    ],
    {
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...env, TURBO_TELEMETRY_DISABLED: "1" },
    },
  );
  if (result.status !== 0) {
    console.error("gong: building failed (run `pnpm build` to see why)");
    process.exit(result.status ?? 1);
  }
}

const install = run(
  npm,
  [
    "install",
    "-g",
    "--prefix",
    prefix,
    "--no-fund",
    "--no-audit",
    ...PACKAGES.map((pkg) => pkg.folder),
  ],
  {
    stdio: ["ignore", "ignore", "inherit"],
  },
);
if (install.status !== 0) {
  console.error(`gong: npm could not link gong and gong-rpc into ${prefix} (see above)`);
  process.exit(install.status ?? 1);
}

const onPath = (process.env.PATH ?? "")
  .split(path.delimiter)
  .some((dir) => path.resolve(dir) === path.resolve(binDir));
console.log(`gong and gong-rpc are installed in ${binDir} (linked to this checkout).`);
if (!onPath) console.log(`Add it to your PATH: export PATH="${binDir}:$PATH"`);
console.log("Remove it again with: npx -y pnpm@10.34.9 install-cli --remove");
