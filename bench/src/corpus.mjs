// The generated corpus (never committed): a source-like git project with a .gitignore,
// nested so that one tree serves three sizes (src/s4/s1 = 1/16, src/s4 = 1/4, src = all),
// a 10 000-entry folder, a big text file, a file for edits and CJK text. Generated once
// per size into a temp folder and reused while its stamp matches.
import { spawnSync } from "node:child_process";
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import path from "node:path";

const WORDS = [
  "value",
  "result",
  "handler",
  "options",
  "config",
  "buffer",
  "stream",
  "parse",
  "render",
  "update",
];
export const RARE_PATTERN = "RARE_NEEDLE_7f3a";
export const COMMON_PATTERN = "compute\\(";
export const CJK_LINE = `${"编码代理读取搜索编辑运行项目代码".repeat(5)}\n`;
export const ASCII_LINE = `${"The quick brown fox jumps over the lazy dog 0123456789 ".repeat(2)}\n`;
const STAMP_VERSION = 1;

function sourceFile(index, bytes) {
  const lines = [];
  let size = 0;
  let n = 0;
  while (size < bytes) {
    const word = WORDS[(index + n) % WORDS.length];
    const line =
      n % 7 === 0
        ? `export function ${word}${n}(input: string, count: number): string { return input.repeat(count); }`
        : `  const ${word}_${n} = compute(${word}, ${n}, "${word.toUpperCase()}_${index}"); // line ${n}`;
    lines.push(line);
    size += line.length + 1;
    n++;
  }
  if (index % 4_999 === 1) lines.splice(lines.length >> 1, 0, `  const marker = ${RARE_PATTERN};`);
  return `${lines.join("\n")}\n`;
}

/** Where file `index` of `files` lives: the first sixteenth in src/s4/s1, the first quarter in src/s4. */
function folderOf(index, files) {
  const tier = index < files / 16 ? "src/s4/s1" : index < files / 4 ? "src/s4" : "src";
  return path.join(tier, `pkg${index % 50}`, `mod${Math.floor(index / 50) % 20}`);
}

/** The source tree plus `build/` (gitignored, full of matches nobody should see). */
export function generateTree(root, { files, fileBytes = 10_000 }) {
  const extensions = [".ts", ".js", ".md", ".json"];
  const made = new Set();
  let bytes = 0;
  for (let i = 0; i < files; i++) {
    const dir = path.join(root, folderOf(i, files));
    if (!made.has(dir)) {
      mkdirSync(dir, { recursive: true });
      made.add(dir);
    }
    const content = sourceFile(i, fileBytes);
    writeFileSync(path.join(dir, `file${i}${extensions[i % extensions.length]}`), content);
    bytes += content.length;
  }
  const ignored = path.join(root, "build");
  mkdirSync(ignored, { recursive: true });
  const junk = `const x = ${RARE_PATTERN}; compute(x);\n`.repeat(100);
  for (let i = 0; i < Math.max(10, files / 50); i++)
    writeFileSync(path.join(ignored, `out${i}.ts`), junk);
  writeFileSync(path.join(root, ".gitignore"), "build/\nnode_modules/\n");
  const wide = path.join(root, "wide");
  mkdirSync(wide, { recursive: true });
  for (let i = 0; i < 10_000; i++) writeFileSync(path.join(wide, `entry${i}.txt`), "");
  return bytes;
}

/** A file of `lines` lines of ~200 bytes: line N reads `line N …`. */
export function generateBigFile(file, lines) {
  const fd = openSync(file, "w");
  const pad = "x".repeat(180);
  let chunk = [];
  for (let i = 1; i <= lines; i++) {
    chunk.push(`line ${i} ${pad}`);
    if (chunk.length === 10_000) {
      writeSync(fd, `${chunk.join("\n")}\n`);
      chunk = [];
    }
  }
  if (chunk.length) writeSync(fd, `${chunk.join("\n")}\n`);
  closeSync(fd);
}

/** `bytes` of code with one `EDIT_TARGET = 1;` line in the middle. */
export function generateEditFile(file, bytes) {
  const line = "const value = computeSomething(input, options); // filler\n";
  const half = Math.ceil(bytes / line.length / 2);
  writeFileSync(file, `${line.repeat(half)}const EDIT_TARGET = 1;\n${line.repeat(half)}`);
}

/** Curly quotes and trailing spaces on every line: an edit written with straight quotes only matches fuzzily. */
export function generateFuzzyEditFile(file, bytes) {
  const line = "  let x = \u201Cvalue\u201D;   \n";
  const half = Math.ceil(bytes / line.length / 2);
  writeFileSync(
    file,
    `${line.repeat(half)}const \u2018marker1\u2019 = 1;   \n${line.repeat(half)}`,
  );
}

/** `line` repeated to at least `bytes` UTF-8 bytes (truncation input). */
export function repeatToBytes(line, bytes) {
  return line.repeat(Math.ceil(bytes / Buffer.byteLength(line)));
}

/**
 * The corpus for `size` ({ files, bigLines, editBytes }) under `dir`, generated unless a
 * complete one with the same parameters is already there. Returns its paths.
 */
export function ensureCorpus(dir, size, log = () => {}) {
  const stampFile = path.join(dir, ".bench-stamp.json");
  const stamp = JSON.stringify({ version: STAMP_VERSION, ...size });
  const paths = {
    root: dir,
    big: path.join(dir, "big.txt"),
    cjk: path.join(dir, "cjk.md"),
  };
  if (existsSync(stampFile) && readFileSync(stampFile, "utf8") === stamp) return paths;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const started = performance.now();
  log(`generating the corpus in ${dir} (${size.files} files) …`);
  const bytes = generateTree(dir, { files: size.files });
  generateBigFile(paths.big, size.bigLines);
  writeFileSync(paths.cjk, repeatToBytes(CJK_LINE, 1 << 20));
  // A project is a git repository: rg and fd read .gitignore only inside one.
  spawnSync("git", ["init", "-q", dir], { stdio: "ignore" });
  writeFileSync(stampFile, stamp);
  log(
    `  ${(bytes / 1e6).toFixed(0)} MB of sources in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return paths;
}
