/**
 * `pnpm bench`: each tool next to the raw command it wraps (rg, fd, sed, ls, bash),
 * in the same run on the same generated data. Prints a table; numbers are medians.
 * BENCH_FILES scales the tree (default 50 000 files ≈ 500 MB).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createCodingTools, runTool } from "../dist/index.js";
import { detectSearchBinaries } from "../dist/search/binaries.js";
import { rgArguments } from "../dist/search/grep-rg.js";
import {
  generateBigFile,
  generateEditFile,
  generateFuzzyEditFile,
  generateTree,
} from "./generate.mjs";

const FILES = Number(process.env.BENCH_FILES ?? 50_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const root = mkdtempSync(path.join(os.tmpdir(), "gong-tools-bench-"));
const { rg, fd } = detectSearchBinaries();

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value) => `${value.toFixed(1)} ms`;

async function timeAsync(fn, runs = RUNS) {
  const times = [];
  let last;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    last = await fn();
    times.push(performance.now() - started);
  }
  return { time: median(times), last };
}

function timeCommand(command, args, runs = RUNS) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const result = spawnSync(command, args, {
      // Output read through a pipe, as the tools read it (rg special-cases /dev/null).
      stdio: ["ignore", "pipe", "ignore"],
      maxBuffer: 1 << 30,
    });
    if (result.error) throw result.error;
    times.push(performance.now() - started);
  }
  return median(times);
}

/** Runs fn while sampling RSS every 2 ms; returns the peak growth over the start. */
async function peakRss(fn) {
  global.gc?.();
  const base = process.memoryUsage.rss();
  let peak = base;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 2);
  const started = performance.now();
  const result = await fn();
  const time = performance.now() - started;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage.rss());
  return { result, time, extraMb: (peak - base) / (1024 * 1024) };
}

const rows = [];
const row = (what, tool, raw, rawLabel, note = "") => {
  rows.push({
    what,
    tool: ms(tool),
    raw: raw === undefined ? "-" : `${ms(raw)} (${rawLabel})`,
    ratio: raw ? `${(tool / raw).toFixed(2)}x` : "-",
    note,
  });
};

try {
  console.log(`Generating ${FILES} files in ${root} …`);
  const tree = generateTree(root, { files: FILES });
  generateBigFile(path.join(root, "big.log"), 1_050_000);
  generateEditFile(path.join(root, "edit.ts"), 10 * 1024 * 1024);
  generateFuzzyEditFile(path.join(root, "fuzzy.ts"), 10 * 1024 * 1024);
  // A project is a git repository: rg and fd then read .gitignore natively.
  spawnSync("git", ["init", "-q", root], { stdio: "ignore" });
  const bigSize = statSync(path.join(root, "big.log")).size;
  console.log(
    `  ${tree.files} files, ${(tree.bytes / 1e6).toFixed(0)} MB in ${tree.seconds.toFixed(1)} s; big.log ${(bigSize / 1e6).toFixed(0)} MB`,
  );

  const tools = Object.fromEntries(
    createCodingTools({ cwd: root }).map((tool) => [tool.name, tool]),
  );
  const ctx = { cwd: root };
  const call = (name, params) => runTool(tools[name], params, ctx);
  const src = path.join(root, "src");

  // Warm the page cache so the first engine does not pay for the disk.
  spawnSync(rg ?? "grep", rg ? ["-c", "zzzz_warm", src] : ["-rc", "zzzz_warm", src], {
    stdio: "ignore",
  });

  // grep, common pattern (tool stops at its 100-match limit; raw rg prints all matches).
  const common = await timeAsync(() => call("grep", { pattern: "compute\\(", path: "src" }));
  const rgCommonLimited = rg
    ? timeCommand("bash", ["-c", `${rg} -n 'compute\\(' ${src} | head -100`])
    : undefined;
  row(
    "grep common (limit 100)",
    common.time,
    rgCommonLimited,
    "rg | head -100",
    `${common.last.data.total_matches} matches shown`,
  );
  const rare = await timeAsync(() => call("grep", { pattern: "RARE_NEEDLE_7f3a", path: "src" }));
  const rareArgs = rgArguments({
    pattern: "RARE_NEEDLE_7f3a",
    searchPath: src,
    ignoreCase: false,
    literal: false,
    context: 0,
  });
  const rgRare = rg ? timeCommand(rg, rareArgs) : undefined;
  row(
    "grep rare (full scan)",
    rare.time,
    rgRare,
    "rg, same args",
    `${rare.last.data.total_matches} matches`,
  );
  const rgPlain = rg ? timeCommand(rg, ["-n", "RARE_NEEDLE_7f3a", src]) : undefined;
  row("grep rare (full scan)", rare.time, rgPlain, "rg -n", "");

  // find
  const findTs = await timeAsync(() =>
    call("find", { pattern: "**/*.ts", path: "src", limit: 100_000 }),
  );
  const fdTs = fd
    ? timeCommand(fd, ["--glob", "--hidden", "--color=never", "*.ts", src])
    : undefined;
  row(
    "find **/*.ts (all results)",
    findTs.time,
    fdTs,
    "fd --glob '*.ts'",
    `${findTs.last.data.paths.length} paths`,
  );
  const findDefault = await timeAsync(() => call("find", { pattern: "**/*.ts", path: "src" }));
  row(
    "find **/*.ts (default limit 1000)",
    findDefault.time,
    fdTs,
    "fd --glob '*.ts'",
    `${findDefault.last.data.paths.length} paths`,
  );

  // ls of a 10 000-entry folder
  const ls = await timeAsync(() => call("ls", { path: "wide", limit: 10_000 }));
  const rawLs = timeCommand("ls", ["-1a", path.join(root, "wide")]);
  row("ls 10 000 entries", ls.time, rawLs, "ls -1a", `${ls.last.data.total_entries} entries`);

  // read 100 lines near the end of the 200 MB file
  const readMem = await peakRss(() =>
    call("read", { path: "big.log", offset: 1_000_000, limit: 100 }),
  );
  const read = await timeAsync(() =>
    call("read", { path: "big.log", offset: 1_000_000, limit: 100 }),
  );
  const sed = timeCommand("sed", ["-n", "1000000,1000099p", path.join(root, "big.log")]);
  const firstLine = String(read.last.data.content).split("\n")[0].slice(0, 12);
  row(
    "read offset=1000000 limit=100 (200 MB)",
    read.time,
    sed,
    "sed -n",
    `+${readMem.extraMb.toFixed(0)} MB RSS; first "${firstLine}"`,
  );

  // edit of a 10 MB file
  let n = 1;
  const edit = await timeAsync(() => {
    const result = call("edit", {
      path: "edit.ts",
      oldText: `EDIT_TARGET = ${n}`,
      newText: `EDIT_TARGET = ${n + 1}`,
    });
    n++;
    return result;
  });
  const sedEdit = timeCommand("sed", [
    "-i",
    "s/EDIT_TARGET = 999/EDIT_TARGET = 998/",
    path.join(root, "edit.ts"),
  ]);
  row("edit one line in a 10 MB file", edit.time, sedEdit, "sed -i", edit.last.status);

  // The same, matched fuzzily: straight quotes in oldText, curly quotes and trailing
  // spaces in the file (the new text keeps curly quotes, so every run matches fuzzily).
  let m = 1;
  const fuzzy = await timeAsync(() => {
    const result = call("edit", {
      path: "fuzzy.ts",
      oldText: `const 'marker${m}' = 1;`,
      newText: `const \u2018marker${m + 1}\u2019 = 1;`,
    });
    m++;
    return result;
  });
  row(
    "fuzzy edit (quotes, trailing spaces) in a 10 MB file",
    fuzzy.time,
    undefined,
    "",
    `${fuzzy.last.status}, match ${fuzzy.last.data?.match}`,
  );

  // bash streaming 200 MB
  const bashMem = await peakRss(() => call("bash", { command: "yes | head -c 200000000" }));
  const bash = await timeAsync(() => call("bash", { command: "yes | head -c 200000000" }), 3);
  const rawBash = timeCommand("bash", ["-c", "yes | head -c 200000000 > /dev/null"], 3);
  row(
    "bash yes | head -c 200000000",
    bash.time,
    rawBash,
    "bash > /dev/null",
    `peak +${bashMem.extraMb.toFixed(0)} MB RSS, ${bash.last.data.total_lines} lines`,
  );

  console.log(
    `\nrg: ${rg ?? "not found"}, fd: ${fd ?? "not found"}, Node ${process.version}, ${os.cpus().length} cores`,
  );
  console.table(rows);
} finally {
  rmSync(root, { recursive: true, force: true });
}
