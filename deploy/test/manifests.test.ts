import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DEFAULT_QUEUE, FleetQueue } from "@gong/fleet";
import { type RedisServer, startRedisServer, textResponse } from "@gong/testing";
import { gongSandbox, useMockLlmServer } from "@gong/testing/vitest";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse, parseAllDocuments } from "yaml";

// The manifests agree with the code: what the Deployment runs is a command gong accepts,
// the variable it sets is the one gong reads, the names it takes from the Secret exist,
// and the lists KEDA watches are the ones BullMQ fills and empties for that queue.

const deployDir = path.resolve(import.meta.dirname, "..");
const cliDir = path.resolve(deployDir, "../apps/cli");
const BIN = path.join(cliDir, "dist/bin.js");
const cliVersion = (
  JSON.parse(readFileSync(path.join(cliDir, "package.json"), "utf8")) as {
    version: string;
  }
).version;

// biome-ignore lint/suspicious/noExplicitAny: manifests are untyped YAML, checked field by field
type Manifest = any;

function documents(file: string): Manifest[] {
  const text = readFileSync(path.join(deployDir, file), "utf8");
  return parseAllDocuments(text).map((doc) => {
    expect(doc.errors).toEqual([]);
    return doc.toJS();
  });
}

function one(file: string, kind: string): Manifest {
  const found = documents(file).filter((doc) => doc.kind === kind);
  expect(found.length, `${kind} in ${file}`).toBe(1);
  return found[0];
}

const secret = one("kubernetes/secret.yaml", "Secret");
const deployment = one("kubernetes/worker.yaml", "Deployment");
const scaled = one("kubernetes/keda.yaml", "ScaledObject");
const triggerAuth = one("kubernetes/keda.yaml", "TriggerAuthentication");
const kustomization = parse(
  readFileSync(path.join(deployDir, "kubernetes/kustomization.yaml"), "utf8"),
);
const container = deployment.spec.template.spec.containers[0];
const args: string[] = container.args;

/** The value after `flag` in the worker's args. */
function argument(flag: string): string | undefined {
  const index = args.indexOf(flag);
  return index < 0 ? undefined : args[index + 1];
}
const queueName = argument("--queue") ?? DEFAULT_QUEUE;
const concurrency = argument("--concurrency") ?? "1";

describe("deploy/kubernetes — the manifests agree with the code", () => {
  it("kustomization lists every manifest and names the image at the CLI's version", () => {
    expect(kustomization.resources).toEqual(["secret.yaml", "worker.yaml", "keda.yaml"]);
    const [name, tag] = container.image.split(":");
    const entry = kustomization.images.find((image: Manifest) => image.name === name);
    expect(entry?.newTag).toBe(cliVersion);
    expect(tag).toBe(cliVersion);
  });

  it("every secret the Deployment and KEDA read exists in the Secret; the Redis address is the URL's", () => {
    const keys = Object.keys(secret.stringData);
    const refs = [
      ...container.env.map((env: Manifest) => env.valueFrom?.secretKeyRef),
      ...triggerAuth.spec.secretTargetRef,
    ];
    for (const ref of refs) {
      expect(ref.name).toBe(secret.metadata.name);
      expect(keys).toContain(ref.key);
    }
    const url = new URL(secret.stringData.GONG_REDIS_URL);
    expect(secret.stringData["redis-address"]).toBe(`${url.hostname}:${url.port}`);
    expect(secret.stringData["redis-password"]).toBe(decodeURIComponent(url.password));
    const envNames = container.env.map((env: Manifest) => env.name);
    expect(envNames).toEqual(["GONG_REDIS_URL", "ANTHROPIC_API_KEY"]);
    expect(args).not.toContain("--redis"); // the URL holds the password: never on the command line
  });

  it("KEDA scales the Deployment on the queue's wait and active lists, --concurrency jobs a pod", () => {
    expect(scaled.spec.scaleTargetRef.name).toBe(deployment.metadata.name);
    expect(queueName).toBe(DEFAULT_QUEUE);
    expect(
      scaled.spec.triggers.map((trigger: Manifest) => ({
        type: trigger.type,
        list: trigger.metadata.listName,
        length: trigger.metadata.listLength,
        auth: trigger.authenticationRef.name,
      })),
    ).toEqual(
      ["wait", "active"].map((list) => ({
        type: "redis",
        list: `bull:${queueName}:${list}`,
        length: concurrency,
        auth: triggerAuth.metadata.name,
      })),
    );
  });

  it("the workflow runs gong -p on pull requests, posts the comment, and puts no event text in a shell", () => {
    const workflow = parse(
      readFileSync(path.join(deployDir, "github-actions/gong-review.yml"), "utf8"),
    );
    expect(Object.keys(workflow.on)).toEqual(["pull_request"]);
    expect(workflow.permissions).toEqual({ contents: "read", "pull-requests": "write" });
    const steps: Manifest[] = workflow.jobs.review.steps;
    const runs = steps.map((step) => step.run ?? "").join("\n");
    expect(runs).toContain(`npm install -g @gong/cli@${cliVersion}`);
    expect(runs).toMatch(/gong -p --preset readonly --max-turns \d+ --max-budget-usd \d/);
    expect(runs).toContain('gh pr comment "$PR" --body-file');
    // `${{ … }}` inside `run:` is pasted into the script before bash reads it: a pull
    // request's title could run commands. They reach the steps through `env:` only.
    expect(runs).not.toContain("${{");
  });
});

describe("deploy/kubernetes — the Deployment's worker on a real Redis", () => {
  let redis: RedisServer;
  let worker: ChildProcess | undefined;
  const mock = useMockLlmServer();
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    if (worker && worker.exitCode === null) worker.kill("SIGKILL");
    await redis?.stop();
  });

  it("takes its jobs from the lists the ScaledObject watches, configured from the Secret's variable", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    const repo = path.join(box.cwd, "repo");
    execFileSync("git", ["init", "-q", "-b", "main", repo]);
    writeFileSync(path.join(repo, "a.txt"), "a\n");
    const git = ["-c", "user.name=t", "-c", "user.email=t@t"];
    execFileSync("git", [...git, "add", "."], { cwd: repo });
    execFileSync("git", [...git, "commit", "-qm", "a"], { cwd: repo });
    const lists = scaled.spec.triggers.map((trigger: Manifest) => trigger.metadata.listName);
    const client = new Redis(redis.url);
    const queue = await FleetQueue.open({ redisUrl: redis.url, queue: queueName });
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    mock.setFallback(() => released.then(() => textResponse("reviewed")));
    try {
      const [id] = await queue.submit([{ job: { repo, prompt: "job-manifest" } }]);
      expect(await client.type(lists[0])).toBe("list");
      expect(await client.lrange(lists[0], 0, -1)).toEqual([id]);
      // The worker exactly as the Deployment runs it: its args, the Secret's variable.
      worker = spawn(process.execPath, [BIN, ...args], {
        cwd: box.cwd,
        env: { ...box.env, GONG_REDIS_URL: redis.url },
        stdio: ["ignore", "ignore", "pipe"],
      });
      let stderr = "";
      worker.stderr?.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
      while (mock.requests.length === 0) {
        if (worker.exitCode !== null) throw new Error(`the worker exited: ${stderr}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(stderr).toContain(`taking jobs from queue ${queueName} (${concurrency} at once)`);
      expect(await client.llen(lists[0])).toBe(0);
      expect(await client.lrange(lists[1], 0, -1)).toEqual([id]);
      release();
      while ((await queue.jobs(["completed", "failed"])).length === 0)
        await new Promise((resolve) => setTimeout(resolve, 50));
      const [job] = await queue.jobs(["completed"]);
      expect(job?.result?.output).toBe("reviewed");
      expect(await client.llen(lists[1])).toBe(0);
    } finally {
      release();
      client.disconnect();
      await queue.close();
    }
  });
});
