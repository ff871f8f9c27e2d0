// Tools side by side: Gong's tool, pi's tool and the raw command, same inputs, one
// process, interleaved. Every call's result is checked, so a fast failure never counts.
import { statSync } from "node:fs";
import path from "node:path";
import { createCodingTools, runTool } from "@gong/tools";
import { truncateHead as gongHead, truncateTail as gongTail } from "@gong/truncate";
import {
  createBashTool,
  createEditTool,
  createFindTool,
  createGrepTool,
  createLsTool,
  createReadTool,
  truncateHead as piHead,
  truncateTail as piTail,
} from "@mariozechner/pi-coding-agent";
import { attempt } from "./attempt.mjs";
import {
  ASCII_LINE,
  CJK_LINE,
  COMMON_PATTERN,
  generateEditFile,
  generateFuzzyEditFile,
  RARE_PATTERN,
  repeatToBytes,
} from "./corpus.mjs";
import { killTree } from "./kill-tree.mjs";
import { interleave, timeCommand, timed, withPeakRss } from "./measure.mjs";
import { summarize } from "./stats.mjs";

/** The text a pi tool returned (its content blocks joined). */
function piText(result) {
  return result.content.map((block) => block.text ?? "").join("");
}

function check(condition, what) {
  if (!condition) throw new Error(`bench: ${what}`);
}

/** Both agents' tools over the corpus root, as (params) => Promise<text>. */
export function toolSets(root) {
  const gongTools = Object.fromEntries(
    createCodingTools({ cwd: root, outputDir: path.join(root, ".tool-output") }).map((tool) => [
      tool.name,
      tool,
    ]),
  );
  const gong = (name) => async (params) => {
    const result = await runTool(gongTools[name], params, { cwd: root });
    check(
      result.status === "success" || result.status === "partial",
      `gong ${name} ${JSON.stringify(params)} failed: ${result.text}`,
    );
    return result.text;
  };
  const piTools = {
    grep: createGrepTool(root),
    find: createFindTool(root),
    ls: createLsTool(root),
    read: createReadTool(root),
    edit: createEditTool(root),
    bash: createBashTool(root),
  };
  let callId = 0;
  const pi = (name) => async (params) =>
    piText(await piTools[name].execute(`call_${callId++}`, params, undefined, undefined));
  return { gong, pi };
}

/**
 * Measures every tool row; `bins` are the raw tools found ({ rg, fd }), `size` the
 * corpus size parameters, `reps` the timed rounds. Returns result rows.
 */
export async function benchTools(corpus, size, bins, reps, log) {
  const { root } = corpus;
  const { gong, pi } = toolSets(root);
  const rows = [];
  const src = path.join(root, "src");
  const missing = (tool) => `${tool} not found: raw column skipped`;

  // Warm the page cache so the first variant does not pay for the disk.
  if (bins.rg) await timeCommand(bins.rg, ["-c", "zzzz_warm", root]);
  await timeCommand("cat", [corpus.big]);

  // A row that fails (a tool's error, a check) is a row with the reason; the next runs.
  // `extra` is the row's other fields, or an async function measuring them after the timings.
  async function row(name, variants, extra = {}) {
    log(`  ${name}`);
    await attempt(
      rows,
      "tools",
      name,
      async () => {
        const result = await interleave(variants, reps);
        const fields = typeof extra === "function" ? await extra() : extra;
        rows.push({ section: "tools", name, ...result, ...fields });
      },
      log,
    );
  }

  const grepCommon = { pattern: COMMON_PATTERN, path: "src" };
  const expectMatches = (text) => check(text.includes("compute("), "grep found no match");
  await row(
    "grep common pattern (first 100 matches)",
    {
      gong: async () => (await timed(() => gong("grep")(grepCommon).then(expectMatches))).ms,
      pi: async () => (await timed(() => pi("grep")(grepCommon).then(expectMatches))).ms,
      raw:
        bins.rg &&
        (() => timeCommand("bash", ["-c", `'${bins.rg}' -n 'compute\\(' '${src}' | head -100`])),
    },
    { rawLabel: bins.rg ? "rg -n | head -100" : missing("rg"), against: { raw: 1.1, pi: 1 } },
  );

  const grepRare = { pattern: RARE_PATTERN, path: "src" };
  const expectRare = (text) => check(text.includes(RARE_PATTERN), "rare pattern not found");
  await row(
    "grep rare pattern (full scan)",
    {
      gong: async () => (await timed(() => gong("grep")(grepRare).then(expectRare))).ms,
      pi: async () => (await timed(() => pi("grep")(grepRare).then(expectRare))).ms,
      raw: bins.rg && (() => timeCommand(bins.rg, ["-n", RARE_PATTERN, src])),
    },
    { rawLabel: bins.rg ? "rg -n" : missing("rg"), against: { raw: 1.1, pi: 1 } },
  );

  // Multi-byte text: rg's JSON carries it as UTF-8, both tools decode it back.
  const grepCjk = { pattern: "搜索编辑", path: "cjk.md" };
  const expectCjk = (text) => check(text.includes("搜索编辑"), "CJK pattern not found");
  await row(
    "grep CJK pattern in 1 MB of CJK (first 100 matches)",
    {
      gong: async () => (await timed(() => gong("grep")(grepCjk).then(expectCjk))).ms,
      pi: async () => (await timed(() => pi("grep")(grepCjk).then(expectCjk))).ms,
      raw:
        bins.rg &&
        (() =>
          timeCommand("bash", ["-c", `'${bins.rg}' -n '搜索编辑' '${corpus.cjk}' | head -100`])),
    },
    { rawLabel: bins.rg ? "rg -n | head -100" : missing("rg"), against: { raw: 1.1, pi: 1 } },
  );

  const expectTs = (text) => check(text.includes(".ts"), "find found no .ts file");
  const findDefault = { pattern: "**/*.ts", path: "src" };
  await row(
    "find **/*.ts (default limit 1000)",
    {
      gong: async () => (await timed(() => gong("find")(findDefault).then(expectTs))).ms,
      pi: async () => (await timed(() => pi("find")(findDefault).then(expectTs))).ms,
      raw:
        bins.fd &&
        (() =>
          timeCommand(bins.fd, [
            "--glob",
            "--hidden",
            "--max-results",
            "1000",
            "--color=never",
            "*.ts",
            src,
          ])),
    },
    {
      rawLabel: bins.fd ? "fd --glob --max-results 1000" : missing("fd"),
      against: { raw: 1.1, pi: 1 },
    },
  );
  const findAll = { pattern: "**/*.ts", path: "src", limit: 1_000_000 };
  await row(
    `find **/*.ts (all ${size.files / 4} paths)`,
    {
      gong: async () => (await timed(() => gong("find")(findAll).then(expectTs))).ms,
      pi: async () => (await timed(() => pi("find")(findAll).then(expectTs))).ms,
      raw:
        bins.fd &&
        (() => timeCommand(bins.fd, ["--glob", "--hidden", "--color=never", "*.ts", src])),
    },
    { rawLabel: bins.fd ? "fd --glob" : missing("fd"), against: { raw: 1.1, pi: 1 } },
  );

  const expectEntry = (text) => check(text.includes("entry"), "ls listed nothing");
  const wide = path.join(root, "wide");
  await row(
    "ls 10 000-entry folder (default limit)",
    {
      gong: async () => (await timed(() => gong("ls")({ path: "wide" }).then(expectEntry))).ms,
      pi: async () => (await timed(() => pi("ls")({ path: "wide" }).then(expectEntry))).ms,
      raw: () => timeCommand("ls", ["-1a", wide]),
    },
    { rawLabel: "ls -1a (all entries)", against: { raw: 1.1, pi: 1 } },
  );
  const lsAll = { path: "wide", limit: 10_000 };
  await row(
    "ls 10 000-entry folder (limit 10 000)",
    {
      gong: async () => (await timed(() => gong("ls")(lsAll).then(expectEntry))).ms,
      pi: async () => (await timed(() => pi("ls")(lsAll).then(expectEntry))).ms,
      raw: () => timeCommand("ls", ["-1a", wide]),
    },
    { rawLabel: "ls -1a", against: { raw: 1.1, pi: 1 } },
  );

  const offset = size.bigLines - 50_000;
  const readDeep = { path: "big.txt", offset, limit: 100 };
  const expectLine = (text) => check(text.includes(`line ${offset} `), "read missed its offset");
  await row(
    `read offset ${offset} limit 100 (${Math.round(statSync(corpus.big).size / 1e6)} MB file)`,
    {
      gong: async () => (await timed(() => gong("read")(readDeep).then(expectLine))).ms,
      pi: async () => (await timed(() => pi("read")(readDeep).then(expectLine))).ms,
      raw: () =>
        timeCommand("sed", ["-n", `${offset},${offset + 99}p;${offset + 99}q`, corpus.big]),
    },
    async () => {
      const rss = {
        gong: (await withPeakRss(() => gong("read")(readDeep))).rssMiB,
        pi: (await withPeakRss(() => pi("read")(readDeep))).rssMiB,
      };
      return {
        rawLabel: "sed -n 'a,bp;bq'",
        against: { pi: 0.25 },
        note: `RSS growth gong +${rss.gong.toFixed(0)} MiB, pi +${rss.pi.toFixed(0)} MiB`,
        rss,
      };
    },
  );

  // One file per side: Gong refuses to edit a file changed behind its back (pi's edits).
  const copies = (base, ext) =>
    Object.fromEntries(["gong", "pi", "raw"].map((side) => [side, `${base}-${side}.${ext}`]));
  const editFiles = copies("edit", "ts");
  const counters = { gong: 1, pi: 1 };
  for (const file of Object.values(editFiles))
    generateEditFile(path.join(root, file), size.editBytes);
  const editOnce = (side, tool) => () => {
    const n = counters[side]++;
    const edits = [{ oldText: `EDIT_TARGET = ${n};`, newText: `EDIT_TARGET = ${n + 1};` }];
    return timed(() => tool("edit")({ path: editFiles[side], edits })).then((r) => r.ms);
  };
  await row(
    `edit one line in a ${size.editBytes >> 20} MB file`,
    {
      gong: editOnce("gong", gong),
      pi: editOnce("pi", pi),
      raw: () =>
        timeCommand("sed", [
          "-i",
          "s/EDIT_TARGET = /EDIT_TARGET = /",
          path.join(root, editFiles.raw),
        ]),
    },
    { rawLabel: "sed -i", against: { pi: 0.35 } },
  );

  const fuzzyFiles = copies("fuzzy", "ts");
  const markers = { gong: 1, pi: 1 };
  for (const file of Object.values(fuzzyFiles))
    generateFuzzyEditFile(path.join(root, file), size.editBytes);
  const fuzzyOnce = (side, tool) => () => {
    // Straight quotes in oldText, curly ones in the file: only a fuzzy match finds it.
    const m = markers[side]++;
    const edits = [
      { oldText: `const 'marker${m}' = 1;`, newText: `const \u2018marker${m + 1}\u2019 = 1;` },
    ];
    return timed(() => tool("edit")({ path: fuzzyFiles[side], edits })).then((r) => r.ms);
  };
  await row(
    `fuzzy edit (quotes, trailing spaces) in ${size.editBytes >> 20} MB`,
    { gong: fuzzyOnce("gong", gong), pi: fuzzyOnce("pi", pi) },
    { rawLabel: "-" },
  );

  const bashCommand = `yes | head -c ${size.bashBytes}`;
  const expectTail = (text) => check(text.includes("y"), "bash returned no output");
  await row(
    `bash streaming ${Math.round(size.bashBytes / 1e6)} MB of output`,
    {
      gong: async () =>
        (await timed(() => gong("bash")({ command: bashCommand }).then(expectTail))).ms,
      pi: async () => (await timed(() => pi("bash")({ command: bashCommand }).then(expectTail))).ms,
      raw: () => timeCommand("bash", ["-c", bashCommand]),
    },
    async () => {
      const rss = {
        gong: (await withPeakRss(() => gong("bash")({ command: bashCommand }))).rssMiB,
        pi: (await withPeakRss(() => pi("bash")({ command: bashCommand }))).rssMiB,
      };
      return {
        rawLabel: "bash, stdout drained",
        against: { pi: 0.4 },
        note: `RSS growth gong +${rss.gong.toFixed(0)} MiB, pi +${rss.pi.toFixed(0)} MiB`,
        rss,
      };
    },
  );

  if (process.platform === "linux") {
    const loopCpu = [];
    await row(
      "kill a 1000-process tree that ignores TERM (1.5 s grace)",
      {
        gong: async () => {
          const { ms, loopCpuMs } = await killTree(1000);
          loopCpu.push(loopCpuMs);
          return ms;
        },
      },
      // A synchronous /proc scan every 20 ms kept the loop busy 630–930 ms of the ~1.6 s.
      () => ({
        rawLabel: "-",
        note: `event loop busy ${summarize(loopCpu).median} ms of it (goal < 300 ms)`,
      }),
    );
  }

  for (const [kind, line] of [
    ["ASCII", ASCII_LINE],
    ["CJK", CJK_LINE],
  ]) {
    const input = repeatToBytes(line, size.truncateBytes);
    const mb = Math.round(size.truncateBytes / 2 ** 20);
    for (const [fn, ours, theirs] of [
      ["truncateHead", gongHead, piHead],
      ["truncateTail", gongTail, piTail],
    ]) {
      // Gong counts lines like `wc -l` (a final newline starts none), pi like split("\n"):
      // the kept text may differ by that one line, so only the truncation is checked.
      await row(
        `${fn} ${mb} MB ${kind}`,
        {
          gong: () => timed(() => ours(input)).then((r) => r.ms),
          pi: () => timed(() => theirs(input)).then((r) => r.ms),
        },
        async () => {
          check(ours(input).truncated && theirs(input).truncated, `${fn} did not truncate`);
          return { rawLabel: "-", against: { pi: 0.35 } };
        },
      );
    }
  }
  return rows;
}
