// An esbuild plugin for the apps' bundles: `import { listModels } from "@gong/llm"` is
// rewritten to import `listModels` from the file that defines it, following the package's
// index (a barrel of `export { … } from "./file.js"` lines) and the barrels it re-exports.
//
// Why: with code splitting, esbuild assigns a module to a chunk by the entry points that
// reach it through *any* import, used or not. One import of a package's index made every
// module the index names reachable, so `gong --list-models` loaded a 1.2 MB chunk holding
// the agent, the MCP SDK, ajv, yaml and marked (apps/cli/test/start-modules.test.ts).
// Imported from the defining files, each command reaches only the modules it uses.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const IMPORT_OR_REEXPORT = /\b(import|export)\s*\{([^}]*)\}\s*from\s*["'](@gong\/[^"'/]+)["']/g;
const BARREL_REEXPORT = /\bexport\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;

/** `a, type B, c as d` (comments dropped) → [{ imported: "a", local: "a" }, …]; types skipped. */
function specifiers(list) {
  return list
    .replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, "")
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "" && !part.startsWith("type "))
    .map((part) => {
      const [imported, local = imported] = part.split(/\s+as\s+/);
      return { imported, local };
    });
}

/**
 * The workspace packages under `root/packages`: every export path (`@gong/tools` and
 * subpaths such as `@gong/tools/summary`) → the absolute path of its built file.
 */
function workspaceIndexes(root) {
  const indexes = new Map();
  const packagesDir = path.join(root, "packages");
  for (const dir of readdirSync(packagesDir)) {
    let manifest;
    try {
      manifest = JSON.parse(readFileSync(path.join(packagesDir, dir, "package.json"), "utf8"));
    } catch {
      continue; // Not a package folder.
    }
    const main = manifest.exports?.["."]?.import ?? manifest.main;
    if (main) indexes.set(manifest.name, path.join(packagesDir, dir, main));
    for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
      if (subpath === "." || typeof target?.import !== "string") continue;
      indexes.set(
        `${manifest.name}/${subpath.slice(2)}`,
        path.join(packagesDir, dir, target.import),
      );
    }
  }
  return indexes;
}

export function directWorkspaceImports(root) {
  const indexes = workspaceIndexes(root);
  /** index file → Map(exported name → { from, name }), `from` as written in the index. */
  const barrels = new Map();
  const barrel = (index) => {
    if (!barrels.has(index)) {
      const names = new Map();
      for (const [, list, from] of readFileSync(index, "utf8").matchAll(BARREL_REEXPORT)) {
        for (const { imported, local } of specifiers(list))
          names.set(local, { from, name: imported });
      }
      barrels.set(index, names);
    }
    return barrels.get(index);
  };
  /** Where `pkg`'s export `name` is defined: { file, name }, or undefined (keep the index). */
  const definition = (pkg, name) => {
    const index = indexes.get(pkg);
    const entry = index && barrel(index).get(name);
    if (!entry) return undefined;
    if (entry.from.startsWith("@gong/")) {
      // A re-export of another package: followed to its file, never left as a bare name
      // (the importing app need not depend on that package).
      const file = indexes.get(entry.from);
      return definition(entry.from, entry.name) ?? (file && { file, name: entry.name });
    }
    return { file: path.resolve(path.dirname(index), entry.from), name: entry.name };
  };
  const rewrite = (source) =>
    source.replace(IMPORT_OR_REEXPORT, (statement, keyword, list, pkg) => {
      if (!indexes.has(pkg)) return statement;
      const lines = specifiers(list).map(({ imported, local }) => {
        const found = definition(pkg, imported) ?? { file: pkg, name: imported };
        return `${keyword} { ${found.name} as ${local} } from ${JSON.stringify(found.file)}`;
      });
      // An import of types only: nothing is left to load.
      return lines.length === 0 ? "" : lines.join(";\n");
    });
  const ownFiles = new RegExp(`^${root.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/(packages|apps)/`);
  return {
    name: "direct-workspace-imports",
    setup(build) {
      build.onLoad({ filter: /\.(js|ts)$/ }, (args) => {
        if (!ownFiles.test(args.path) || args.path.includes("/node_modules/")) return undefined;
        const source = readFileSync(args.path, "utf8");
        if (!source.includes("@gong/")) return undefined;
        return {
          contents: rewrite(source),
          loader: args.path.endsWith(".ts") ? "ts" : "js",
          resolveDir: path.dirname(args.path),
        };
      });
    },
  };
}
