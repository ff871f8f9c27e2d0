#!/usr/bin/env node
// A package README's examples are files the tests run: each code block that follows a
// `<!-- example: examples/<name>.mjs -->` line must be that file, character for
// character, and every file in `examples/` must be shown in the README. The package's
// typecheck covers the files (checkJs) and its tests execute them, so a README example
// that cannot run cannot be committed.
//
// Usage: node scripts/readme-examples.mjs [--write] [--root <dir>]
//   --write  copies each example file into its README block instead of checking.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const MARKER = /^<!-- example: (\S+) -->\n```(\w*)\n([\s\S]*?)^```$/gm;

/**
 * The README blocks of one package and the example files they stand for:
 * `{ problems, readme }` where `readme` is the text with every block replaced by its file.
 */
export function readmeExamples(packageDir) {
  const readmePath = join(packageDir, "README.md");
  const examplesDir = join(packageDir, "examples");
  const files = existsSync(examplesDir) ? readdirSync(examplesDir).map((f) => `examples/${f}`) : [];
  if (!existsSync(readmePath)) {
    return { problems: files.map((file) => `${file} is not shown in README.md`), readme: "" };
  }
  const original = readFileSync(readmePath, "utf8");
  const problems = [];
  const shown = new Set();
  const readme = original.replace(MARKER, (block, file, lang, code) => {
    shown.add(file);
    const path = join(packageDir, file);
    if (!existsSync(path)) {
      problems.push(`README.md shows ${file}, which does not exist`);
      return block;
    }
    const text = readFileSync(path, "utf8");
    if (code !== text)
      problems.push(`README.md differs from ${file} ${firstDifference(code, text)}`);
    return `<!-- example: ${file} -->\n\`\`\`${lang}\n${text}\`\`\``;
  });
  for (const file of files)
    if (!shown.has(file)) problems.push(`${file} is not shown in README.md`);
  return { problems, readme };
}

/** `at line N: "<readme line>" vs "<file line>"`, for the one line a reader must fix first. */
function firstDifference(block, file) {
  const a = block.split("\n");
  const b = file.split("\n");
  const line = a.findIndex((text, i) => text !== b[i]);
  const at = line === -1 ? a.length : line;
  return `at line ${at + 1} of the example: ${JSON.stringify(a[at] ?? "")} vs ${JSON.stringify(b[at] ?? "")}`;
}

function packageDirs(root) {
  return ["packages", "apps"].flatMap((group) =>
    existsSync(join(root, group))
      ? readdirSync(join(root, group)).map((name) => join(root, group, name))
      : [],
  );
}

function main() {
  const args = process.argv.slice(2);
  const rootArg = args.indexOf("--root");
  const root =
    rootArg >= 0
      ? resolve(args[rootArg + 1])
      : resolve(dirname(fileURLToPath(import.meta.url)), "..");
  const write = args.includes("--write");
  let failed = false;
  for (const dir of packageDirs(root)) {
    if (!existsSync(join(dir, "package.json"))) continue;
    const { problems, readme } = readmeExamples(dir);
    const name = relative(root, dir);
    if (write && readme) writeFileSync(join(dir, "README.md"), readme);
    const left = write ? problems.filter((p) => !p.startsWith("README.md differs")) : problems;
    for (const problem of left) console.error(`${name}: ${problem}`);
    if (left.length > 0) failed = true;
  }
  if (failed && !write) {
    console.error("Edit the example file, then `node scripts/readme-examples.mjs --write`.");
  }
  process.exit(failed ? 1 : 0);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
