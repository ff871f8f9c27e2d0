// Checkpoints (issue 26): the cost of one snapshot of the 50 000-file tree into the shadow
// git store when nothing changed (goal < 100 ms) and when 10 files changed, the store's size
// after the first snapshot and after a 50-turn session, and the first snapshot of a plain
// folder and of the same tree as a git repository (seeded from its objects). Each timing
// also reports the CPU (user+sys) of node and of the git processes it ran, and the load
// average, so a slow run on a loaded machine can be told from an expensive one. The store is
// an internal module of @gong/checkpoints, imported from its build (run after `pnpm build`).
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { openSessionCheckpoints } from "../../packages/checkpoints/dist/index.js";
import { storeSize } from "../../packages/checkpoints/dist/retention.js";
import { ShadowGitStore } from "../../packages/checkpoints/dist/shadow-store.js";
import { SessionStore } from "../../packages/session-store/dist/index.js";
import { attempt } from "./attempt.mjs";
import { generateTree } from "./corpus.mjs";
import { interleave, timedWithCpu } from "./measure.mjs";
import { summarize } from "./stats.mjs";

const SNAPSHOT_GOAL_MS = 100;

/**
 * What the first calls of a session wait for in a project whose store is new: a session's
 * checkpoints opened as gong opens them (the first snapshot starts then), a prompt, then
 * the gate of a write and of a bash call, timed; then the first snapshot to its end.
 */
async function firstCallsWait(project, dir) {
  const gongHome = path.join(dir, "gong-home");
  const created = SessionStore.create({ cwd: project, gongHome });
  if (!created.ok) throw new Error(created.error.message);
  const session = created.value;
  const started = performance.now();
  const warnings = [];
  const warn = (message) => warnings.push(message);
  const env = { HOME: dir };
  const checkpoints = openSessionCheckpoints({
    gongHome,
    cwd: project,
    session,
    recordCheckpoint: (checkpoint) => session.appendCheckpoint(checkpoint),
    env,
    warn,
    enabled: true,
  });
  const entry = session.appendMessage({ role: "user", content: "change it", timestamp: 0 });
  checkpoints.observe({ type: "message_end", message: entry.message }, () => entry.id);
  const gate = async (toolName, params) => {
    const before = performance.now();
    await checkpoints.hook.beforeToolCall(toolName, params, { toolCallId: toolName, toolName });
    return performance.now() - before;
  };
  const write = await gate("write", { path: "src/new-file.ts" });
  const bash = await gate("bash", { command: "true" });
  await checkpoints.idle();
  const first = performance.now() - started;
  session.close();
  if (warnings.length > 0) throw new Error(warnings.join("; "));
  return { write, bash, first };
}

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

/** "CPU 40 ms (git 35 ms), load 3.1" for one timing or the medians of several. */
function cpuText(runs) {
  if (runs.some((run) => run.childCpuMs === undefined)) return "CPU not measured (no /proc)";
  const median = (key) => summarize(runs.map((run) => run[key])).median;
  const git = median("childCpuMs");
  const total = summarize(runs.map((run) => run.cpuMs + run.childCpuMs)).median;
  return `CPU ${total.toFixed(0)} ms (git ${git.toFixed(0)} ms), load ${median("load").toFixed(1)}`;
}

function touch(file, n) {
  writeFileSync(file, `${readFileSync(file, "utf8")}// edit ${n}\n`);
}

/** One timing as a row value. */
function single(ms) {
  return { median: ms, min: ms, max: ms, n: 1 };
}

/** Makes the corpus a git repository with one packed commit (setup, not timed). */
function commitAll(project) {
  const git = (...args) =>
    execFileSync(
      "git",
      ["-c", "gc.auto=0", "-c", "user.name=bench", "-c", "user.email=bench@bench", ...args],
      {
        cwd: project,
        stdio: "ignore",
      },
    );
  git("init", "-q");
  git("add", "-A");
  git("commit", "-qm", "corpus");
  git("repack", "-adq");
}

export async function benchCheckpoints({ files, turns, reps }, log) {
  const rows = [];
  const dir = mkdtempSync(path.join(os.tmpdir(), "gong-bench-checkpoints-"));
  try {
    const project = path.join(dir, "project");
    log(`  generating ${files} files of 2 KB …`);
    generateTree(project, { files, fileBytes: 2_000 });
    await attempt(
      rows,
      "checkpoints",
      "first calls at session start, a plain folder",
      async () => {
        const waited = await firstCallsWait(project, dir);
        const note = `the first snapshot (${(waited.first / 1000).toFixed(1)} s) runs beside them`;
        log(
          `  first calls wait: write ${waited.write.toFixed(0)} ms, bash ${waited.bash.toFixed(0)} ms; ${note}`,
        );
        rows.push({
          section: "checkpoints",
          name: "first write at session start, a plain folder (waits)",
          gong: single(waited.write),
          note,
          self: {
            ratio: waited.write / SNAPSHOT_GOAL_MS,
            target: 1,
            label: `${SNAPSHOT_GOAL_MS} ms`,
          },
        });
        rows.push({
          section: "checkpoints",
          name: "first bash at session start, a plain folder (waits)",
          gong: single(waited.bash),
          note: `until the first snapshot is known to be large (files listed); ${note}`,
        });
      },
      log,
    );
    const store = new ShadowGitStore(path.join(dir, "store"), project, "bench");
    const snapshot = async () => {
      const taken = await store.snapshot("bench");
      if (!taken.ok) throw new Error(taken.error);
      return taken.value;
    };
    const first = await timedWithCpu(snapshot);
    const firstBytes = storeSize(path.join(dir, "store"));
    const firstText = `first snapshot ${(first.ms / 1000).toFixed(1)} s, ${cpuText([first])}`;
    log(`  ${firstText}, ${(firstBytes / 2 ** 20).toFixed(1)} MiB`);
    const note = `${files} files (+10 000 empty, ignored build/); ${firstText}`;
    rows.push({
      section: "checkpoints",
      name: "first snapshot, a plain folder",
      gong: single(first.ms),
      note: `${cpuText([first])}; ${files} files (+10 000 empty, ignored build/)`,
    });

    await attempt(
      rows,
      "checkpoints",
      "snapshot, nothing changed",
      async () => {
        const result = await interleave({ gong: () => timedWithCpu(snapshot) }, reps);
        const ratio = result.gong.median / SNAPSHOT_GOAL_MS;
        rows.push({
          section: "checkpoints",
          name: "snapshot, nothing changed",
          ...result,
          note: `${cpuText(result.gong.runs)}; ${note}`,
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
              return timedWithCpu(snapshot);
            },
          },
          reps,
        );
        rows.push({
          section: "checkpoints",
          name: "snapshot, 10 files changed",
          ...result,
          note: `${cpuText(result.gong.runs)}; ${note}`,
        });
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
          // Can be below zero: the store packs its loose objects as they pile up
          // (pack-objects.ts), the earlier rows' among them.
          name: `store size change over a ${turns}-turn session (3 edits a turn)`,
          gong: value,
          unit: "KiB",
          note: `store after the first snapshot: ${(firstBytes / 2 ** 20).toFixed(1)} MiB`,
        });
      },
      log,
    );

    await attempt(
      rows,
      "checkpoints",
      "first snapshot, a git repository",
      async () => {
        commitAll(project);
        const fresh = new ShadowGitStore(path.join(dir, "store-of-repo"), project, "bench");
        const taken = await timedWithCpu(async () => {
          const result = await fresh.snapshot("bench");
          if (!result.ok) throw new Error(result.error);
        });
        rows.push({
          section: "checkpoints",
          name: "first snapshot, a git repository",
          gong: single(taken.ms),
          note: `${cpuText([taken])}; the same tree committed and packed`,
        });
      },
      log,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
