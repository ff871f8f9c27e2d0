import { readFileSync, writeFileSync } from "node:fs";
import { HANG_GUARD_MS, liveProcessesInGroup } from "@gong/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BackgroundShells, ProcessGroups, type ToolResponse } from "../src/index.js";
import { makeProject, type Project } from "./helpers.js";

let processes: ProcessGroups;
let shells: BackgroundShells;
let project: Project;
beforeEach(() => {
  processes = new ProcessGroups(500);
  shells = new BackgroundShells({ processes, killGraceMs: 500 });
  project = makeProject({ processes, backgroundShells: shells });
});
afterEach(async () => {
  await processes.dispose();
  project.cleanup();
});

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + HANG_GUARD_MS;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Reads the shell until `done` holds for everything read so far. */
async function readUntil(id: string, done: (all: string, last: ToolResponse) => boolean) {
  let all = "";
  return until(
    async () => {
      const response = await project.call("bash_output", { shell_id: id });
      all += String(response.data.stdout);
      return { all, response };
    },
    ({ all: text, response }) => done(text, response),
  );
}

async function startInBackground(command: string): Promise<string> {
  const response = await project.call("bash", { command, run_in_background: true });
  expect(response.status).toBe("success");
  const id = String(response.data.shell_id);
  expect(response.text).toContain(`shell_id: ${id}`);
  return id;
}

describe("background shells — bash run_in_background, bash_output, kill_shell", () => {
  it("returns at once with a shell id; bash_output gives only what is new, then the exit code", async () => {
    const id = await startInBackground(
      "echo one; while [ ! -e go ]; do sleep 0.02; done; echo two; exit 3",
    );
    const first = await readUntil(id, (all) => all.includes("one"));
    expect(first.all).toBe("one\n");
    writeFileSync(project.file("go"), "");
    const last = await readUntil(id, (_all, response) => response.data.status !== "running");
    expect(last.all).toBe("two\n");
    expect(last.response.data).toMatchObject({ status: "exited", exit_code: 3, signal: null });
    expect(last.response.text).toContain(`[shell ${id} (`);
    expect(last.response.text).toContain("exited with code 3]");
    // Nothing new since.
    const again = await project.call("bash_output", { shell_id: id });
    expect(again.text).toMatch(/^\(no new output\)/);
  });

  it("kill_shell ends the whole process group", async () => {
    const id = await startInBackground("echo PGID=$$; sleep 300 & sleep 300");
    const { all } = await readUntil(id, (text) => text.includes("PGID="));
    const pgid = Number(/PGID=(\d+)/.exec(all)![1]);
    expect(liveProcessesInGroup(pgid).length).toBeGreaterThan(0);
    const killed = await project.call("kill_shell", { shell_id: id });
    expect(killed.text).toBe(`Killed shell ${id} (echo PGID=$$; sleep 300 & sleep 300).`);
    expect(killed.data).toMatchObject({ killed: true, status: "killed" });
    expect(liveProcessesInGroup(pgid)).toEqual([]);
    const twice = await project.call("kill_shell", { shell_id: id });
    expect(twice.data.killed).toBe(false);
    expect(twice.text).toContain("had already ended");
  });

  it("filter shows only the matching lines", async () => {
    const id = await startInBackground("printf 'GET /\\nERROR boom\\nGET /a\\n'");
    await until(
      async () => shells.get(id)?.status,
      (status) => status !== "running",
    );
    const response = await project.call("bash_output", { shell_id: id, filter: "^ERROR" });
    expect(response.data.stdout).toBe("ERROR boom\n");
  });

  it("an unknown id and a bad filter are clear errors", async () => {
    const unknown = await project.call("bash_output", { shell_id: "bash_9" });
    expect(unknown.error?.code).toBe("NOT_FOUND");
    expect(unknown.text).toContain("No background shell was started in this session.");
    const id = await startInBackground("true");
    const bad = await project.call("bash_output", { shell_id: id, filter: "(" });
    expect(bad.error?.code).toBe("INVALID_PARAM");
    const kill = await project.call("kill_shell", { shell_id: "nope" });
    expect(kill.text).toContain(`Shells of this session: ${id}`);
  });

  it("output over the limits is cut to its tail; the log holds all of it", async () => {
    const small = makeProject({
      processes,
      backgroundShells: shells,
      bash: { maxLines: 10, maxBytes: 1024 },
    });
    try {
      const started = await small.call("bash", { command: "seq 1 5000", run_in_background: true });
      const id = String(started.data.shell_id);
      await until(
        async () => shells.get(id)?.status,
        (status) => status !== "running",
      );
      const response = await small.call("bash_output", { shell_id: id });
      expect(response.status).toBe("partial");
      expect(response.data.stdout).toBe(Array.from({ length: 10 }, (_, i) => 4991 + i).join("\n"));
      const log = shells.get(id)!.logPath!;
      await until(
        async () => readFileSync(log, "utf8").length,
        (length) => length > 20000,
      );
      expect(readFileSync(log, "utf8")).toBe(
        `${Array.from({ length: 5000 }, (_, i) => i + 1).join("\n")}\n`,
      );
      expect(response.text).toContain(response.data.full_output_path as string);
    } finally {
      small.cleanup();
    }
  });

  it("at most maxShells run at once; a killed one makes room", async () => {
    const two = new BackgroundShells({ processes, maxShells: 2, killGraceMs: 500 });
    const limited = makeProject({ processes, backgroundShells: two });
    try {
      const start = () => limited.call("bash", { command: "sleep 300", run_in_background: true });
      const first = await start();
      await start();
      const third = await start();
      expect(third.status).toBe("error");
      expect(third.text).toContain("2 background shells are running (bash_1, bash_2)");
      await limited.call("kill_shell", { shell_id: String(first.data.shell_id) });
      expect((await start()).status).toBe("success");
    } finally {
      limited.cleanup();
    }
  });

  it("an exit the model has not read is announced once; a read or a kill is not announced", async () => {
    const quiet = await startInBackground("exit 2");
    const read = await startInBackground("exit 0");
    await until(async () => shells.list().every((s) => s.status !== "running"), Boolean);
    await project.call("bash_output", { shell_id: read });
    expect(shells.takeExitNotices()).toEqual([
      `Background shell ${quiet} (exit 2) exited with code 2; bash_output(shell_id="${quiet}") shows its last output.`,
    ]);
    expect(shells.takeExitNotices()).toEqual([]);
  });

  it("without bash_output in the set, bash neither offers nor runs run_in_background", async () => {
    const minimal = makeProject({ tools: "minimal" });
    try {
      const bash = minimal.tools.find((tool) => tool.name === "bash")!;
      expect(JSON.stringify(bash.parameters)).not.toContain("run_in_background");
      const response = await minimal.call("bash", { command: "echo hi", run_in_background: true });
      expect(response.error?.code).toBe("INVALID_PARAM");
    } finally {
      minimal.cleanup();
    }
  });
});
