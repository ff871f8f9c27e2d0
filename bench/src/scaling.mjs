// How grep and find time grows with the tree: the corpus nests 1/16 of the files in
// src/s4/s1 and 1/4 in src/s4, so one tree gives the 1×, 4× and 16× sizes.
import path from "node:path";
import { RARE_PATTERN } from "./corpus.mjs";
import { interleave, timeCommand, timed } from "./measure.mjs";
import { slope } from "./stats.mjs";

const TIERS = [
  [1, "src/s4/s1"],
  [4, "src/s4"],
  [16, "src"],
];

/** `tools`: { gong, pi } as (name) => (params) => Promise<text>. Returns { grep, find }. */
export async function benchScaling(root, tools, bins, reps, log) {
  const result = {};
  const cases = {
    grep: {
      params: (dir) => ({ pattern: RARE_PATTERN, path: dir }),
      raw: bins.rg && ((dir) => [bins.rg, ["-n", RARE_PATTERN, path.join(root, dir)]]),
    },
    find: {
      params: (dir) => ({ pattern: "**/*.ts", path: dir, limit: 1_000_000 }),
      raw:
        bins.fd &&
        ((dir) => [bins.fd, ["--glob", "--hidden", "--color=never", "*.ts", path.join(root, dir)]]),
    },
  };
  for (const [tool, { params, raw }] of Object.entries(cases)) {
    const points = { gong: [], pi: [], raw: [] };
    for (const [scale, dir] of TIERS) {
      log(`  ${tool} at ${scale}×`);
      const run = await interleave(
        {
          gong: async () => (await timed(() => tools.gong(tool)(params(dir)))).ms,
          pi: async () => (await timed(() => tools.pi(tool)(params(dir)))).ms,
          raw: raw && (() => timeCommand(...raw(dir))),
        },
        reps,
      );
      for (const side of Object.keys(run)) points[side].push([scale, run[side].median]);
    }
    if (!raw) delete points.raw;
    result[tool] = {
      points,
      slope: Object.fromEntries(Object.entries(points).map(([side, p]) => [side, slope(p)])),
    };
  }
  return result;
}
