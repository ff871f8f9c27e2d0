import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createPathPolicy } from "../src/path/policy.js";
import { sandboxArgv } from "../src/sandbox/sandbox-argv.js";
import { sandboxBindRoots } from "../src/sandbox/sandbox-roots.js";

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
      { mode: "workspace-write", network: false, bwrapPath: "/usr/bin/bwrap", writableRoots: [] },
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
