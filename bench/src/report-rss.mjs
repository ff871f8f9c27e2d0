// Preloaded with `node --import` by the benchmark: on exit, the process writes its
// peak resident set size (KiB) to the file named by GONG_BENCH_RSS_FILE.
//
// On Linux that is VmHWM of /proc/self/status: `resourceUsage().maxRSS` also counts the
// forked copy of the parent before exec, so a child of a big benchmark process would
// report at least the parent's size.
import { readFileSync, writeFileSync } from "node:fs";

function peakKiB() {
  try {
    const hwm = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync("/proc/self/status", "utf8"));
    if (hwm) return Number(hwm[1]);
  } catch {
    // Not Linux: the rusage number is the best there is.
  }
  return process.resourceUsage().maxRSS;
}

const target = process.env.GONG_BENCH_RSS_FILE;
if (target) {
  process.on("exit", () => {
    writeFileSync(target, String(peakKiB()));
  });
}
