// Head and tail truncation of 1 MB, 10 MB and 100 MB inputs, ASCII and CJK.
// Reports throughput and the memory the call allocates (heap growth measured without
// a GC in between, so garbage made during the call counts too).
// Run: pnpm --filter @gong/truncate bench   (needs a build: dist/)
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

if (typeof globalThis.gc !== "function") {
  const self = fileURLToPath(import.meta.url);
  const run = spawnSync(process.execPath, ["--expose-gc", "--max-old-space-size=4096", self], {
    stdio: "inherit",
  });
  process.exit(run.status ?? 1);
}

const { truncateHead, truncateTail, formatSize } = await import("../dist/index.js");

const MB = 1024 * 1024;
const asciiLine = `${"The quick brown fox jumps over the lazy dog 0123456789 ".repeat(2)}\n`;
const cjkLine = `${"编码代理读取搜索编辑运行项目代码".repeat(5)}\n`;

function makeInput(line, bytes) {
  const lineBytes = Buffer.byteLength(line);
  return line.repeat(Math.ceil(bytes / lineBytes));
}

function measure(fn, input) {
  fn(input); // warm up
  const times = [];
  let allocated = Number.POSITIVE_INFINITY;
  let result;
  for (let i = 0; i < 5; i++) {
    globalThis.gc();
    const before = process.memoryUsage();
    const start = process.hrtime.bigint();
    result = fn(input);
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    const after = process.memoryUsage();
    times.push(ms);
    const grown = after.heapUsed - before.heapUsed + (after.external - before.external);
    allocated = Math.min(allocated, Math.max(0, grown));
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)], allocated, result };
}

const rows = [];
for (const [kind, line] of [
  ["ascii", asciiLine],
  ["cjk", cjkLine],
]) {
  for (const size of [1, 10, 100]) {
    const input = makeInput(line, size * MB);
    const bytes = Buffer.byteLength(input);
    for (const fn of [truncateHead, truncateTail]) {
      const { ms, allocated, result } = measure(fn, input);
      rows.push({
        fn: fn.name,
        input: `${size} MB ${kind}`,
        "median ms": ms.toFixed(2),
        "MB/s": Math.round(bytes / MB / (ms / 1000)),
        output: formatSize(result.outputBytes),
        allocated: formatSize(allocated),
        "alloc/output": (allocated / result.outputBytes).toFixed(2),
      });
    }
  }
}
console.log("@gong/truncate — head/tail truncation (default limits 2000 lines / 50 KB)");
console.table(rows);
