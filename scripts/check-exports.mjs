#!/usr/bin/env node
// Each published package's `src/index.ts` exports what another package or app of this
// repo imports, or what the package README documents — nothing else (STYLE.md: "Public
// API of each package is exported from src/index.ts only"). A name nobody imports and
// nobody documents is an accident of the surface; this check fails on it.
//
// Exported names are read syntactically (TypeScript's parser, no type checking, so it
// stays well under a second): `export { a, type B } from`, `export type { … } from`,
// `export * from` / `export type * from` (followed into the target file), and local
// `export function|const|class|interface|type|enum`.
// A name counts as used when some other workspace package's or app's `src/` imports or
// re-exports it from "@gong/<pkg>" (named, `import("@gong/<pkg>").Name`, or `ns.Name`
// through `import * as ns`), and as documented when the README shows it as `name` or
// `name(`.
//
// Usage: node scripts/check-exports.mjs [--counts] [--root <dir>]
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const PUBLISHED = ["truncate", "llm", "tools", "agent-core", "session-store", "mcp", "runtime"];

const args = process.argv.slice(2);
const rootArg = args.indexOf("--root");
const root =
  rootArg >= 0
    ? resolve(args[rootArg + 1])
    : resolve(dirname(fileURLToPath(import.meta.url)), "..");
const showCounts = args.includes("--counts");

/** Exported names of a module file, following `export *` into sibling files. */
export function exportedNames(file, seen = new Set()) {
  const names = new Set();
  if (seen.has(file)) return names;
  seen.add(file);
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest);
  const hasExport = (node) =>
    ts.canHaveModifiers(node) &&
    (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  for (const node of source.statements) {
    if (ts.isExportDeclaration(node)) {
      if (node.exportClause && ts.isNamedExports(node.exportClause)) {
        for (const element of node.exportClause.elements) names.add(element.name.text);
      } else if (node.exportClause && ts.isNamespaceExport(node.exportClause)) {
        names.add(node.exportClause.name.text);
      } else if (node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
        const target = resolveRelative(file, node.moduleSpecifier.text);
        if (target) for (const name of exportedNames(target, seen)) names.add(name);
      }
    } else if (ts.isVariableStatement(node) && hasExport(node)) {
      for (const declaration of node.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name)) names.add(declaration.name.text);
      }
    } else if (
      (ts.isFunctionDeclaration(node) ||
        ts.isClassDeclaration(node) ||
        ts.isInterfaceDeclaration(node) ||
        ts.isTypeAliasDeclaration(node) ||
        ts.isEnumDeclaration(node)) &&
      hasExport(node) &&
      node.name
    ) {
      names.add(node.name.text);
    }
  }
  return names;
}

/** `./x.js` → `./x.ts` (or `./x/index.ts`); packages outside the file's folder are not followed. */
function resolveRelative(from, specifier) {
  if (!specifier.startsWith(".")) return undefined;
  const base = resolve(dirname(from), specifier).replace(/\.js$/, "");
  for (const candidate of [`${base}.ts`, `${base}.tsx`, join(base, "index.ts")]) {
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

function sourceFiles(dir) {
  const files = [];
  if (!existsSync(dir)) return files;
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) files.push(...sourceFiles(path));
    else if (/\.(ts|tsx|mts|js|mjs)$/.test(entry) && !/\.d\.ts$/.test(entry)) files.push(path);
  }
  return files;
}

/** Names each `@gong/<pkg>` is imported under, from every workspace `src/` except its own. */
function importedNames(workspaceDirs) {
  const used = new Map(); // pkg -> Map(name -> Set(user dir))
  const note = (pkg, name, user) => {
    if (!used.has(pkg)) used.set(pkg, new Map());
    const users = used.get(pkg);
    if (!users.has(name)) users.set(name, new Set());
    users.get(name).add(user);
  };
  for (const dir of workspaceDirs) {
    const self = dir.split("/").pop();
    for (const file of sourceFiles(join(root, dir, "src"))) {
      const text = readFileSync(file, "utf8");
      if (!text.includes("@gong/")) continue;
      const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest);
      const visit = (node) => {
        const specifier =
          (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
          node.moduleSpecifier &&
          ts.isStringLiteral(node.moduleSpecifier)
            ? node.moduleSpecifier.text
            : undefined;
        const pkg = specifier?.match(/^@gong\/([a-z-]+)$/)?.[1];
        if (pkg && pkg !== self) {
          const clause = ts.isImportDeclaration(node) ? node.importClause : node.exportClause;
          const bindings = ts.isImportDeclaration(node) ? clause?.namedBindings : clause;
          if (bindings && ts.isNamedImports(bindings ?? {})) {
            for (const e of bindings.elements) note(pkg, (e.propertyName ?? e.name).text, dir);
          } else if (bindings && ts.isNamedExports(bindings)) {
            for (const e of bindings.elements) note(pkg, (e.propertyName ?? e.name).text, dir);
          } else if (bindings && ts.isNamespaceImport(bindings)) {
            const ns = bindings.name.text;
            for (const m of text.matchAll(new RegExp(`\\b${ns}\\.(\\w+)`, "g")))
              note(pkg, m[1], dir);
          } else if (ts.isExportDeclaration(node) && !clause) {
            note(pkg, "*", dir);
          }
        }
        // import("@gong/x").Name in type positions, and `await import("@gong/x")` destructuring.
        if (ts.isImportTypeNode(node)) {
          const arg = node.argument;
          const literal = ts.isLiteralTypeNode(arg) ? arg.literal : undefined;
          const typePkg =
            literal && ts.isStringLiteral(literal)
              ? literal.text.match(/^@gong\/([a-z-]+)$/)?.[1]
              : undefined;
          if (typePkg && typePkg !== self && node.qualifier) {
            const first = ts.isIdentifier(node.qualifier) ? node.qualifier : node.qualifier.left;
            if (ts.isIdentifier(first)) note(typePkg, first.text, dir);
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
      for (const m of text.matchAll(
        /\{([^}]*)\}\s*=\s*await\s+import\(\s*"@gong\/([a-z-]+)"\s*\)/g,
      )) {
        if (m[2] === self) continue;
        for (const part of m[1].split(",")) {
          const name = part.split(":")[0].trim();
          if (name) note(m[2], name, dir);
        }
      }
    }
  }
  return used;
}

function documented(readme, name) {
  const escaped = name.replace(/[$]/g, "\\$");
  return new RegExp(`\`${escaped}\`|\\b${escaped}\\(`).test(readme);
}

const workspaceDirs = [
  ...readdirSync(join(root, "packages")).map((d) => `packages/${d}`),
  ...readdirSync(join(root, "apps")).map((d) => `apps/${d}`),
].filter((d) => existsSync(join(root, d, "package.json")));
const used = importedNames(workspaceDirs);

const problems = [];
for (const pkg of PUBLISHED) {
  const index = join(root, "packages", pkg, "src", "index.ts");
  const readmePath = join(root, "packages", pkg, "README.md");
  const readme = existsSync(readmePath) ? readFileSync(readmePath, "utf8") : "";
  const names = [...exportedNames(index)].sort();
  const users = used.get(pkg) ?? new Map();
  if (showCounts) console.log(`@gong/${pkg}: ${names.length} exported names`);
  if (users.has("*")) continue; // re-exported wholesale: every name is someone's API
  for (const name of names) {
    if (users.has(name) || documented(readme, name)) continue;
    problems.push(
      `@gong/${pkg}: ${name} is neither used by another package nor documented in packages/${pkg}/README.md`,
    );
  }
}

for (const line of problems) console.error(line);
if (problems.length > 0) process.exit(1);
