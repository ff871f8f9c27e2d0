// Preloaded with `node --import` by the benchmark: on exit, the process writes its
// peak resident set size (KiB) to the file named by GONG_BENCH_RSS_FILE.
import { writeFileSync } from "node:fs";

const target = process.env.GONG_BENCH_RSS_FILE;
if (target) {
  process.on("exit", () => {
    writeFileSync(target, String(process.resourceUsage().maxRSS));
  });
}
