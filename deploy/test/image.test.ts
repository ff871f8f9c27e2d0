import { type ChildProcess, execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type FleetJobView, FleetQueue } from "@gong/fleet";
import { type RedisServer, startRedisServer, textResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltImage, buildImage, imageBuildUnusable, runInImage } from "./image-build.js";

// deploy/Containerfile built for real (buildah bud --isolation chroot, from a debootstrap
// root with Node 20) and run over its root filesystem with bwrap: the gong in the image
// answers, and a `gong worker` in it completes a job from the host's Redis against the
// mock LLM server on the host's loopback.

const unusable = imageBuildUnusable();
const cliVersion = (
  JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, "../../apps/cli/package.json"), "utf8"),
  ) as { version: string }
).version;

interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

function finished(child: ChildProcess): Promise<Finished> {
  let stdout = "";
  let stderr = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** A git repository with one commit, on the host; the image sees it read-only. */
function makeRepo(dir: string): string {
  const repo = path.join(dir, "repo");
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", ...args], { cwd: repo });
  execFileSync("git", ["init", "-q", "-b", "main", repo]);
  writeFileSync(path.join(repo, "README.md"), "a repo\n");
  git("add", ".");
  git("commit", "-qm", "first");
  return repo;
}

async function finishedJob(
  queue: FleetQueue,
  worker: ChildProcess,
  stderr: () => string,
): Promise<FleetJobView> {
  for (;;) {
    const [job] = await queue.jobs(["completed", "failed"]);
    if (job) return job;
    if (worker.exitCode !== null)
      throw new Error(`the worker in the image exited (${worker.exitCode}):\n${stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(unusable)(
  `the image of deploy/Containerfile${unusable ? ` (skipped: ${unusable})` : ""}`,
  () => {
    const mock = useMockLlmServer({
      fallback: () => textResponse("done in the image", { usage: { input: 40, output: 4 } }),
    });
    let scratch: string;
    let image: BuiltImage | undefined;
    let redis: RedisServer | undefined;
    beforeAll(() => {
      scratch = mkdtempSync(path.join(tmpdir(), "gong-image-"));
      image = buildImage(scratch);
      // How long each step took, for the lane's report and the next person's patience.
      process.stderr.write(`image build (s): ${JSON.stringify(image.seconds)}\n`);
    });
    afterAll(async () => {
      image?.remove();
      await redis?.stop();
      rmSync(scratch, { recursive: true, force: true });
    });

    it("runs gong --version as the image's user, with git, ripgrep, fd, bubblewrap and tini beside it", async () => {
      const version = await finished(runInImage(image!, ["--version"]));
      expect(version).toEqual({ code: 0, stdout: `${cliVersion}\n`, stderr: "" });
      expect(image!.config).toMatchObject({
        User: "10001:10001",
        Entrypoint: ["/usr/bin/tini", "-s", "--", "gong"],
      });
      for (const tool of ["git", "rg", "fdfind", "bwrap", "tini"])
        expect(readFileSync(path.join(image!.rootfs, "usr/bin", tool)).length).toBeGreaterThan(0);
    });

    it("a gong worker in the image completes a job from the host's Redis against the mock LLM", async () => {
      redis = await startRedisServer();
      const repo = makeRepo(scratch);
      const worker = runInImage(image!, ["worker", "--queue", "image"], {
        // Under /tmp: bwrap cannot make a mount point in the read-only image.
        readOnly: [[repo, "/tmp/repo"]],
        env: {
          GONG_REDIS_URL: redis.url,
          ANTHROPIC_BASE_URL: mock.anthropicBaseUrl,
          ANTHROPIC_API_KEY: "sk-ant-test",
        },
      });
      const exited = finished(worker);
      let stderr = "";
      worker.stderr?.on("data", (chunk: string) => (stderr += chunk));
      const queue = await FleetQueue.open({ redisUrl: redis.url, queue: "image" });
      try {
        const [id] = await queue.submit([{ job: { repo: "/tmp/repo", prompt: "job-image" } }]);
        const job = await finishedJob(queue, worker, () => stderr);
        expect(job).toMatchObject({ id, state: "completed" });
        expect(job.result).toMatchObject({ exitCode: 0, output: "done in the image", turns: 1 });
        // The session was written where the image keeps gong's home (GONG_HOME).
        expect(job.result?.sessionFile?.startsWith("/home/gong/.gong/")).toBe(true);
        expect(mock.requests.length).toBe(1);
      } finally {
        await queue.close();
        // bwrap does not pass signals on; its sandbox ends with it (--unshare-pid).
        worker.kill("SIGKILL");
        await exited;
      }
    });
  },
);
