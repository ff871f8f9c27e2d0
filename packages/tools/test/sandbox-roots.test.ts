import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createPathPolicy } from "../src/path/policy.js";
import { sandboxArgv } from "../src/sandbox/sandbox-argv.js";
import { sandboxBindRoots } from "../src/sandbox/sandbox-roots.js";
import { unixSocketFilter } from "../src/sandbox/sandbox-seccomp.js";

let base: string;
beforeEach(() => {
  base = realpathSync(mkdtempSync(path.join(os.tmpdir(), "gong-sandbox-roots-")));
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

/** A folder under the test's base. */
function folder(...parts: string[]): string {
  const dir = path.join(base, ...parts);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** The binds for a project with these extra roots, through the path policy's one list. */
async function binds(
  options: { root: string; outputDir?: string; allowed?: string[] },
  extra: string[] = [],
) {
  const policy = createPathPolicy({
    root: options.root,
    ...(options.outputDir ? { outputDir: options.outputDir } : {}),
    allowedRoots: options.allowed ?? [],
  });
  return sandboxBindRoots(await policy.writableRoots(), extra);
}

describe("sandbox — the writable roots are the path policy's roots", () => {
  it("a root that does not exist is left out (bwrap would refuse to start)", async () => {
    const project = folder("project");
    expect(await binds({ root: project, allowed: [path.join(base, "missing")] })).toEqual([
      project,
    ]);
  });

  it("the tool-output folder inside the project is covered by the project's bind, not bound again", async () => {
    const project = folder("project");
    folder("project", ".tool-output");
    expect(await binds({ root: project, outputDir: ".tool-output" })).toEqual([project]);
  });

  it("a tool-output folder that is a symbolic link (`ln -s / out`) is never bound: bwrap would follow it", async () => {
    const project = folder("project");
    const linked = path.join(base, "out");
    symlinkSync("/", linked);
    expect(await binds({ root: project, outputDir: linked })).toEqual([project]);
  });

  it("an allowed path and a writableRoots entry that are links are followed, as the user named them", async () => {
    const project = folder("project");
    const shared = folder("shared");
    const cache = folder("cache");
    symlinkSync(shared, path.join(base, "shared-link"));
    symlinkSync(cache, path.join(base, "cache-link"));
    const roots = await binds({ root: project, allowed: [path.join(base, "shared-link")] }, [
      path.join(base, "cache-link"),
    ]);
    expect(roots.sort()).toEqual([cache, project, shared].sort());
  });

  it("the argv binds them after the private /tmp, so a project under /tmp stays visible", () => {
    const argv = sandboxArgv(
      {
        mode: "workspace-write",
        network: false,
        bwrapPath: "/usr/bin/bwrap",
        writableRoots: [],
        socketFilter: "/filter.bpf",
      },
      ["/tmp/project"],
      "/tmp/project",
    );
    const tmpfs = argv.indexOf("--tmpfs");
    const bind = argv.indexOf("--bind");
    expect(tmpfs).toBeGreaterThan(0);
    expect(bind).toBeGreaterThan(tmpfs);
    expect(argv).toContain("--unshare-net");
    expect(argv).not.toContain("--new-session");
    expect(argv.at(-1)).toBe("--");
  });
});

describe("sandbox — the unix socket filter (network false)", () => {
  it("is loaded from fd 3, which a shell opens before it becomes bwrap; with the network on there is none", () => {
    const sandbox = {
      mode: "workspace-write" as const,
      network: false,
      bwrapPath: "/usr/bin/bwrap",
      writableRoots: [],
      socketFilter: "/filter.bpf",
    };
    const argv = sandboxArgv(sandbox, [], "/");
    expect(argv.slice(0, 6)).toEqual([
      "/bin/sh",
      "-c",
      'f=$1; shift; exec "$@" 3< "$f"',
      "sh",
      "/filter.bpf",
      "/usr/bin/bwrap",
    ]);
    expect(argv.join(" ")).toContain("--unshare-net --seccomp 3");
    const open = sandboxArgv({ ...sandbox, network: true }, [], "/");
    expect(open[0]).toBe("/usr/bin/bwrap");
    expect(open).not.toContain("--seccomp");
  });

  it("without its filter a sandbox without network cannot be built (fail closed)", () => {
    expect(() =>
      sandboxArgv(
        { mode: "read-only", network: false, bwrapPath: "/usr/bin/bwrap", writableRoots: [] },
        [],
        "/",
      ),
    ).toThrow("needs its socket filter");
  });

  it("the program: 10 instructions for x64 and arm64, none elsewhere", () => {
    expect(unixSocketFilter("x64")?.length).toBe(80);
    expect(unixSocketFilter("arm64")?.length).toBe(80);
    expect(unixSocketFilter("ia32")).toBeUndefined();
  });
});
