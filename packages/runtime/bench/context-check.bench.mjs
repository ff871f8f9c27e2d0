// Per-LLM-call cost of noticing edited context files (issue #7): the runtime stats every
// candidate file (AGENTS.md / CLAUDE.md per folder from / to the cwd, SYSTEM.md,
// APPEND_SYSTEM.md) before each call. Prints µs per check for several cwd depths.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { FileStamps, systemPromptFiles } from "@gong/config-files";

const root = mkdtempSync(path.join(tmpdir(), "gong-bench-"));
const gongHome = path.join(root, "home");
mkdirSync(gongHome);
writeFileSync(path.join(gongHome, "AGENTS.md"), "global rules");
const rows = [];
for (const depth of [1, 5, 10, 20]) {
  const cwd = path.join(root, ...Array.from({ length: depth }, (_, i) => `d${i}`));
  mkdirSync(cwd, { recursive: true });
  writeFileSync(path.join(cwd, "AGENTS.md"), "project rules");
  const files = systemPromptFiles({ cwd, gongHome });
  const stamps = new FileStamps(files);
  for (let i = 0; i < 2000; i++) stamps.changed(); // warm up
  const runs = 20000;
  const started = process.hrtime.bigint();
  for (let i = 0; i < runs; i++) stamps.changed();
  const us = Number(process.hrtime.bigint() - started) / 1000 / runs;
  rows.push({
    "cwd depth": cwd.split(path.sep).length - 1,
    "files statted": files.length,
    "µs per LLM call": us.toFixed(1),
  });
}
rmSync(root, { recursive: true, force: true });
console.table(rows);
