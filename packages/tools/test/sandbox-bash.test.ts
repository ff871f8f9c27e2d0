/**
 * bash's timeout, abort and background jobs behave the same under the sandbox: bwrap,
 * the shell and what it starts are one process group, which the usual group kill ends.
 * Needs a working bwrap (CI installs bubblewrap); skipped, saying why, elsewhere.
 */
import { liveProcessesInGroup } from "@gong/testing";
import { afterEach, describe, expect, it } from "vitest";
import { ProcessGroups, probeSandbox } from "../src/index.js";
import { makeProject, type Project } from "./helpers.js";

const probe = probeSandbox(
  { mode: "workspace-write", network: false, writableRoots: [] },
  process.env.PATH ?? "",
);
const title = probe.ok
  ? "sandbox — timeout, abort and background jobs under bubblewrap"
  : `sandbox — skipped: ${probe.error}`;

let project: Project | undefined;
afterEach(() => project?.cleanup());

/** Prints the group to check and the shell's parent, which is bwrap when sandboxed. */
const SHOW = "echo PGID=$(ps -o pgid= $$ | tr -d ' ') PARENT=$(cat /proc/$PPID/comm)";

function pgidFrom(text: string): number {
  expect(text).toContain("PARENT=bwrap");
  const match = /PGID=(\d+)/.exec(text);
  if (!match) throw new Error(`no PGID in ${text}`);
  return Number(match[1]);
}

describe.skipIf(!probe.ok)(title, () => {
  const sandbox = probe.ok ? probe.sandbox : undefined;

  it("a timeout ends bwrap, the shell and its children", async () => {
    project = makeProject({ bash: { killGraceMs: 500, sandbox } });
    // The timeout is what is tested, so it cannot be a condition: it must outlast bwrap's
    // start and the group's print, which load stretches. A first call measures that start
    // on this machine now; the timeout is four times it, at least 2 s.
    const started = Date.now();
    pgidFrom((await project.call("bash", { command: SHOW })).text);
    const timeout = Math.max(2, Math.ceil((4 * (Date.now() - started)) / 1000));
    const response = await project.call("bash", {
      command: `${SHOW}; sleep 60 & sleep 60`,
      timeout,
    });
    expect(response.error?.code).toBe("TIMEOUT");
    expect(liveProcessesInGroup(pgidFrom(response.text))).toEqual([]);
  });

  it("an abort ends the sandboxed tree", async () => {
    project = makeProject({ bash: { killGraceMs: 500, sandbox } });
    const controller = new AbortController();
    // Aborted once the shell has printed its group, however long bwrap took to start.
    const response = await project.call(
      "bash",
      { command: `${SHOW}; sleep 60` },
      {
        signal: controller.signal,
        onUpdate: (partial) => {
          if (partial.text.includes("PARENT=")) controller.abort();
        },
      },
    );
    expect(response.error?.code).toBe("ABORTED");
    expect(liveProcessesInGroup(pgidFrom(response.text))).toEqual([]);
  });

  it("a background job outlives its call and ends with the session's dispose()", async () => {
    const processes = new ProcessGroups(500);
    project = makeProject({ processes, bash: { killGraceMs: 500, sandbox } });
    const response = await project.call("bash", {
      command: `${SHOW}; sleep 60 > /dev/null 2>&1 &`,
    });
    expect(response.status).toBe("success");
    const pgid = pgidFrom(response.text);
    expect(liveProcessesInGroup(pgid).some((line) => line.includes("sleep 60"))).toBe(true);
    await processes.dispose();
    expect(liveProcessesInGroup(pgid)).toEqual([]);
  });
});
