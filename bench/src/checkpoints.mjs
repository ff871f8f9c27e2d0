// Checkpoints (issue 26): the cost of one snapshot of the 50 000-file tree into the shadow
// git store when nothing changed (goal < 100 ms) and when 10 files changed, and the
// store's size after the first snapshot and after a 50-turn session. The store is an
// internal module of @gong/runtime, imported from its build (run after `pnpm build`).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { storeSize } from "../../packages/runtime/dist/checkpoints/retention.js";
import { ShadowGitStore } from "../../packages/runtime/dist/checkpoints/shadow-store.js";
import { attempt } from "./attempt.mjs";
import { generateTree } from "./corpus.mjs";
import { interleave, timed } from "./measure.mjs";

const SNAPSHOT_GOAL_MS = 100;

/** Files the benchmark edits: sources spread over the tree. */
function sourcesOf(root, files, count) {
  const step = Math.floor(files / count);
  return Array.from({ length: count }, (_, i) => {
    const index = i * step;
    const tier = index < files / 16 ? "src/s4/s1" : index < files / 4 ? "src/s4" : "src";
    const ext = [".ts", ".js", ".md", ".json"][index % 4];
    return path.join(
      root,
      tier,
      `pkg${index % 50}`,
      `mod${Math.floor(index / 50) % 20}`,
      `file${index}${ext}`,
    );
  });
}

function touch(file, n) {
  writeFileSync(file, `${readFileSync(file, "utf8")}// edit ${n}\n`);
}

export async function benchCheckpoints({ files, turns, reps }, log) {
  const rows = [];
  const dir = mkdtempSync(path.join(os.tmpdir(), "gong-bench-checkpoints-"));
  try {
    const project = path.join(dir, "project");
    log(`  generating ${files} files of 2 KB …`);
    generateTree(project, { files, fileBytes: 2_000 });
    const store = new ShadowGitStore(path.join(dir, "store"), project, "bench");
    const snapshot = async () => {
      const taken = await store.snapshot("bench");
      if (!taken.ok) throw new Error(taken.error);
      return taken.value;
    };
    const first = await timed(snapshot);
    const firstBytes = storeSize(path.join(dir, "store"));
    log(
      `  first snapshot: ${(first.ms / 1000).toFixed(1)} s, ${(firstBytes / 2 ** 20).toFixed(1)} MiB`,
    );
    const note = `${files} files (+10 000 empty, ignored build/); first snapshot ${(first.ms / 1000).toFixed(1)} s`;

    await attempt(
      rows,
      "checkpoints",
      "snapshot, nothing changed",
      async () => {
        const result = await interleave({ gong: async () => (await timed(snapshot)).ms }, reps);
        const ratio = result.gong.median / SNAPSHOT_GOAL_MS;
        rows.push({
          section: "checkpoints",
          name: "snapshot, nothing changed",
          ...result,
          note,
          self: { ratio, target: 1, label: `${SNAPSHOT_GOAL_MS} ms` },
        });
      },
      log,
    );

    const changed = sourcesOf(project, files, 10);
    let edit = 0;
    await attempt(
      rows,
      "checkpoints",
      "snapshot, 10 files changed",
      async () => {
        const result = await interleave(
          {
            gong: async () => {
              edit++;
              for (const file of changed) touch(file, edit);
              return (await timed(snapshot)).ms;
            },
          },
          reps,
        );
        rows.push({ section: "checkpoints", name: "snapshot, 10 files changed", ...result, note });
      },
      log,
    );

    await attempt(
      rows,
      "checkpoints",
      `store growth over a ${turns}-turn session`,
      async () => {
        const before = storeSize(path.join(dir, "store"));
        const edited = sourcesOf(project, files, 3 * turns);
        for (let turn = 0; turn < turns; turn++) {
          await snapshot(); // the prompt
          for (const file of edited.slice(3 * turn, 3 * turn + 3)) {
            await snapshot(); // before the edit
            touch(file, turn);
          }
        }
        await snapshot();
        const grown = (storeSize(path.join(dir, "store")) - before) / 1024;
        const value = { median: grown, min: grown, max: grown };
        rows.push({
          section: "checkpoints",
          name: `store growth over a ${turns}-turn session (3 edits a turn)`,
          gong: value,
          unit: "KiB",
          note: `store after the first snapshot: ${(firstBytes / 2 ** 20).toFixed(1)} MiB`,
        });
      },
      log,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
