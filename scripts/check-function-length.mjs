#!/usr/bin/env node
// No function in a package's or app's `src/` runs past 80 lines (STYLE.md: small modules,
// one job per function; issue 23 item 6). A long function is a pipeline waiting to be
// named: split it into steps, each returning its value or the result that ends the call.
//
// Function-like nodes are read syntactically (TypeScript's parser, no type checking):
// function declarations and expressions, arrow functions, methods, constructors and
// accessors. A function's length runs from its first line to its last, inclusive, and
// counts the functions nested inside it — a factory whose returned object holds a long
// method is long.
//
// Usage: node scripts/check-function-length.mjs [--max <lines>] [--list] [--root <dir>]
//   --list  print every function over the limit and exit 0 (for a report).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const args = process.argv.slice(2);
const option = (name) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
};
const root = resolve(option("--root") ?? join(dirname(fileURLToPath(import.meta.url)), ".."));
const max = Number(option("--max") ?? 80);
const listOnly = args.includes("--list");

/** Every `.ts`/`.tsx` file under `dir`, skipping declaration files. */
function sourceFiles(dir) {
  const files = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) files.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(entry) && !entry.endsWith(".d.ts")) files.push(path);
  }
  return files;
}

function srcDirectories() {
  const dirs = [];
  for (const group of ["packages", "apps"]) {
    const groupDir = join(root, group);
    if (!existsSync(groupDir)) continue;
    for (const name of readdirSync(groupDir)) {
      const src = join(groupDir, name, "src");
      if (existsSync(src) && statSync(src).isDirectory()) dirs.push(src);
    }
  }
  return dirs;
}

function nameOf(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  if (node.name && ts.isStringLiteral(node.name)) return node.name.text;
  if (ts.isConstructorDeclaration(node)) return "constructor";
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) {
    return parent.name.text;
  }
  if (parent && ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name)) {
    return parent.name.text;
  }
  return "(anonymous)";
}

/** Functions in `file` longer than `max` lines: { file, line, name, lines }. */
export function longFunctions(file, limit = max) {
  const text = readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found = [];
  const visit = (node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > limit) found.push({ file, line: first + 1, name: nameOf(node), lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const long = srcDirectories()
  .flatMap(sourceFiles)
  .flatMap((file) => longFunctions(file));
for (const entry of long) {
  console.log(
    `${relative(root, entry.file)}:${entry.line} ${entry.name} — ${entry.lines} lines (max ${max})`,
  );
}
if (long.length > 0 && !listOnly) {
  console.error(
    `${long.length} function(s) over ${max} lines: split each into named steps (see packages/tools/src/tools/edit.ts).`,
  );
  process.exit(1);
}
if (long.length === 0)
  console.log(`check-function-length: every function in src/ is at most ${max} lines.`);
