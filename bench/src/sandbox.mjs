// bash's sandbox (`--sandbox workspace-write`): what running every command under
// bubblewrap costs per call, Gong's bash tool sandboxed against the same tool with the
// sandbox off, interleaved. Goal: at most 15 ms more per call. A machine where bwrap is
// missing or refused makes this a row saying why.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createCodingTools, probeSandbox, runTool } from "@gong/tools";
import { interleave, timed } from "./measure.mjs";

export const SANDBOX_GOAL_MS = 15;

/** Calls timed per variant and round, so one round's median is not one process start. */
const CALLS_PER_ROUND = 10;

function bashTool(root, sandbox) {
  const [bash] = createCodingTools({
    cwd: root,
    tools: ["bash"],
    ...(sandbox ? { bash: { sandbox } } : {}),
  });
  return async () => {
    const { ms, result } = await timed(async () => {
      let last;
      for (let call = 0; call < CALLS_PER_ROUND; call++)
        last = await runTool(bash, { command: "echo ok" }, { cwd: root });
      return last;
    });
    if (result.status !== "success") throw new Error(`bash failed: ${result.text}`);
    return ms / CALLS_PER_ROUND;
  };
}

/** The row: `gong` sandboxed, `raw` the same tool unsandboxed; the note has the overhead. */
export async function benchSandbox(reps) {
  const probe = probeSandbox(
    { mode: "workspace-write", network: false, writableRoots: [] },
    process.env.PATH ?? "",
  );
  if (!probe.ok) throw new Error(probe.error);
  const root = mkdtempSync(path.join(os.tmpdir(), "gong-bench-sandbox-"));
  try {
    const result = await interleave(
      { gong: bashTool(root, probe.sandbox), raw: bashTool(root, undefined) },
      reps,
    );
    const overhead = result.gong.median - result.raw.median;
    const verdict = overhead <= SANDBOX_GOAL_MS ? "met" : "MISSED";
    return {
      section: "sandbox",
      name: "bash call under the sandbox (workspace-write, no network)",
      ...result,
      rawLabel: "sandbox off",
      note: `overhead ${overhead.toFixed(1)} ms per call (goal ≤ ${SANDBOX_GOAL_MS} ms): ${verdict}`,
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
