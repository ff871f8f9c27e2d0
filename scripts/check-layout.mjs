#!/usr/bin/env node
// The layout rules of docs/architecture.md, checked on every `pnpm test`:
// 1. no source file of a package or app imports another package's `src/` (a package is
//    used through its name and its built `dist/`, never by reaching into its sources);
// 2. no cycle between the folders of one package's `src/` (arrows only downward, so each
//    folder can be read, tested and moved on its own).
// A folder is a directory directly under `src/` (with everything below it); a file directly
// in `src/` (index.ts, shared types) is not a node: the face gathers what the folders
// export, and the types sit below every folder.
// Imports are read syntactically (TypeScript's `preProcessFile`: static, dynamic, re-exports).
//
// Usage: node scripts/check-layout.mjs [--root <dir>]
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

/** Source files (.ts, .tsx, .mts) under `dir`, recursively. */
function sourceFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|tsx|mts)$/.test(e.name) && !e.name.endsWith(".d.ts"))
    .map((e) => join(e.parentPath, e.name));
}

/** `packages/x` and `apps/y` folders that have a `src/`. */
function workspaceUnits(root) {
  const units = [];
  for (const group of ["packages", "apps"]) {
    const base = join(root, group);
    if (!existsSync(base)) continue;
    for (const e of readdirSync(base, { withFileTypes: true })) {
      if (e.isDirectory() && existsSync(join(base, e.name, "src"))) {
        units.push(join(base, e.name));
      }
    }
  }
  return units;
}

/** The module specifiers a file imports, re-exports or loads dynamically. */
function importsOf(file) {
  const info = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
  return info.importedFiles.map((f) => f.fileName);
}

/** Which unit's `src/` a path lies in, if any. */
function srcOwner(units, path) {
  return units.find((u) => path.startsWith(join(u, "src") + sep));
}

function crossSourceImports(units, unit, file) {
  const found = [];
  for (const spec of importsOf(file)) {
    if (/^@gong\/[^/]+\/src(\/|$)/.test(spec)) {
      found.push(`${spec} (import the package by name, not its src/)`);
      continue;
    }
    if (!spec.startsWith(".")) continue;
    const owner = srcOwner(units, resolve(dirname(file), spec));
    if (owner !== undefined && owner !== unit) found.push(spec);
  }
  return found;
}

/** The top folder under `src` that holds `dir` ("" for `src` itself). */
function topFolder(src, dir) {
  return relative(src, dir).split(sep)[0];
}

/** Edges folder → folder (top folders of src/) from relative imports inside one unit. */
function folderEdges(unit) {
  const src = join(unit, "src");
  const edges = new Map();
  for (const file of sourceFiles(src)) {
    const from = topFolder(src, dirname(file));
    if (from === "") continue;
    for (const spec of importsOf(file)) {
      if (!spec.startsWith(".")) continue;
      const target = resolve(dirname(file), spec);
      if (!target.startsWith(src + sep)) continue;
      const to = topFolder(src, dirname(target));
      if (to === "" || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      const out = edges.get(from);
      if (!out.has(to)) out.set(to, `${relative(unit, file)} → ${spec}`);
    }
  }
  return edges;
}

/** Strongly connected components with more than one folder (Tarjan). */
function cycles(edges) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  let next = 0;
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v), index.get(w)));
      }
    }
    if (low.get(v) !== index.get(v)) return;
    const component = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) found.push(component.sort());
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** Every violation of both rules under `root`, as printable lines. */
export function layoutProblems(root) {
  const units = workspaceUnits(root);
  const problems = [];
  for (const unit of units) {
    const name = relative(root, unit);
    for (const file of sourceFiles(join(unit, "src"))) {
      for (const spec of crossSourceImports(units, unit, file)) {
        problems.push(`${relative(root, file)}: imports another package's source: ${spec}`);
      }
    }
    const edges = folderEdges(unit);
    for (const component of cycles(edges)) {
      const witnesses = component.flatMap((from) =>
        component
          .filter((to) => edges.get(from)?.has(to))
          .map((to) => `    ${from} → ${to}: ${edges.get(from).get(to)}`),
      );
      problems.push(
        `${name}/src: folders import each other in a cycle: ${component.join(", ")}\n${witnesses.join("\n")}`,
      );
    }
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const at = args.indexOf("--root");
  const root =
    at >= 0 ? resolve(args[at + 1]) : resolve(dirname(fileURLToPath(import.meta.url)), "..");
  const problems = layoutProblems(root);
  for (const p of problems) console.error(p);
  if (problems.length > 0) {
    console.error(`check-layout: ${problems.length} problem(s); see docs/architecture.md "Layout"`);
    process.exit(1);
  }
  console.log("check-layout: no source reaches into another package, no folder cycles");
}
