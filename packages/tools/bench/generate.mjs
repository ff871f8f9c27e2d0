/**
 * Generates the benchmark tree in a temp folder (never in git): BENCH_FILES files
 * (default 50 000, ~10 KB each → ~500 MB) spread over nested folders, one folder with
 * 10 000 entries, a 200 MB file of ~1.05 M lines and a 10 MB file for edit.
 */
import { closeSync, mkdirSync, openSync, writeFileSync, writeSync } from "node:fs";
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
  if (index % 16_667 === 1)
    lines.splice(lines.length >> 1, 0, "  const marker = RARE_NEEDLE_7f3a; // the rare pattern");
  return `${lines.join("\n")}\n`;
}

export function generateTree(root, { files = 50_000, fileBytes = 10_000 } = {}) {
  const started = performance.now();
  const extensions = [".ts", ".js", ".md", ".json"];
  let total = 0;
  for (let i = 0; i < files; i++) {
    const dir = path.join(root, "src", `pkg${i % 50}`, `mod${Math.floor(i / 50) % 20}`);
    if (i < 1000) mkdirSync(dir, { recursive: true });
    const content = sourceFile(i, fileBytes);
    writeFileSync(path.join(dir, `file${i}${extensions[i % extensions.length]}`), content);
    total += content.length;
  }
  const wide = path.join(root, "wide");
  mkdirSync(wide);
  for (let i = 0; i < 10_000; i++) writeFileSync(path.join(wide, `entry${i}.txt`), "");
  return { files, bytes: total, seconds: (performance.now() - started) / 1000 };
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
