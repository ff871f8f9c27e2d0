#!/usr/bin/env node
// `node deploy/stage-context.mjs <dir>` — the build context of deploy/Containerfile, made
// from a built checkout (`pnpm build` first):
//
//   <dir>/gong/dist/              apps/cli/dist without its source maps (20 of its 28 MB;
//                                 gong does not run with --enable-source-maps)
//   <dir>/gong/package.json       name, version, bin and `"type": "module"`
//   <dir>/gong/node_modules/      the two packages the bundle leaves out and loads at run
//                                 time (scripts/bundle-app.mjs `external`): jiti (hooks
//                                 written in TypeScript) and sharp (images resized for the
//                                 model, with its linux platform packages), each with the
//                                 packages it needs, flat
//
// The repository's own node_modules are pnpm's symlinks into its store, which a build
// context cannot follow: here every package is a real copy. Nothing is downloaded.
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(import.meta.dirname, "..");
const cliDir = path.join(root, "apps", "cli");
/** What the bundle imports at run time instead of holding (scripts/bundle-app.mjs). */
export const RUNTIME_PACKAGES = ["jiti", "sharp"];

/** @param {string} dir */
function readManifest(dir) {
  return JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8"));
}

/**
 * Where Node would find package `name` from `fromDir` (a real path), or undefined.
 * @param {string} name
 * @param {string} fromDir
 */
function findPackage(name, fromDir) {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "node_modules", name);
    if (existsSync(path.join(candidate, "package.json"))) return realpathSync(candidate);
    if (path.dirname(dir) === dir) return undefined;
  }
}

/**
 * Copies `name` and everything it depends on into `nodeModules`, flat. An optional
 * dependency that is not installed (another platform's binary) is left out, as npm
 * does; a required one that is missing, or two versions of one package, stop the build.
 * @param {string} name
 * @param {string} fromDir
 * @param {string} nodeModules
 * @param {Map<string, string>} copied  name → version of what is in `nodeModules`
 */
function copyWithDependencies(name, fromDir, nodeModules, copied, optional = false) {
  const source = findPackage(name, fromDir);
  if (!source) {
    if (optional) return;
    throw new Error(`stage-context: ${name} is not installed: run pnpm install first`);
  }
  const manifest = readManifest(source);
  const seen = copied.get(name);
  if (seen !== undefined) {
    if (seen !== manifest.version)
      throw new Error(`stage-context: two versions of ${name} (${seen}, ${manifest.version})`);
    return;
  }
  copied.set(name, manifest.version);
  cpSync(source, path.join(nodeModules, name), { recursive: true, dereference: true });
  for (const dependency of Object.keys(manifest.dependencies ?? {}))
    copyWithDependencies(dependency, source, nodeModules, copied);
  for (const dependency of Object.keys(manifest.optionalDependencies ?? {}))
    copyWithDependencies(dependency, source, nodeModules, copied, true);
}

/**
 * Makes the build context in `contextDir` (emptied first); returns gong's version.
 * @param {string} contextDir
 * @returns {string}
 */
export function stageContext(contextDir) {
  const dist = path.join(cliDir, "dist");
  if (!existsSync(path.join(dist, "bin.js")))
    throw new Error(`stage-context: ${dist}/bin.js is missing: run pnpm build first`);
  const cli = readManifest(cliDir);
  const gongDir = path.join(contextDir, "gong");
  rmSync(contextDir, { recursive: true, force: true });
  mkdirSync(gongDir, { recursive: true });
  cpSync(dist, path.join(gongDir, "dist"), {
    recursive: true,
    filter: (file) => !file.endsWith(".map"),
  });
  /** @type {Record<string, string | undefined>} */
  const dependencies = {};
  /** @type {Map<string, string>} */
  const copied = new Map();
  for (const name of RUNTIME_PACKAGES) {
    copyWithDependencies(name, cliDir, path.join(gongDir, "node_modules"), copied);
    dependencies[name] = copied.get(name);
  }
  const manifest = {
    name: cli.name,
    version: cli.version,
    type: "module",
    bin: cli.bin,
    dependencies,
  };
  writeFileSync(path.join(gongDir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  return cli.version;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const target = process.argv[2];
  if (!target) {
    process.stderr.write(
      "usage: node deploy/stage-context.mjs <dir>  (the folder is emptied first)\n",
    );
    process.exit(2);
  }
  try {
    const version = stageContext(path.resolve(target));
    process.stdout.write(`gong ${version}: build context in ${path.resolve(target)}\n`);
  } catch (error) {
    process.stderr.write(`${/** @type {Error} */ (error).message}\n`);
    process.exit(1);
  }
}
