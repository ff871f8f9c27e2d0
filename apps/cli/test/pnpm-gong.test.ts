import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const version = (
  JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
    version: string;
  }
).version;

/** `pnpm gong …` from the checkout, as a user types it. */
function pnpmGong(args: string[]) {
  const run = spawnSync("npx", ["-y", "pnpm@10.34.9", "gong", ...args], {
    cwd: root,
    encoding: "utf8",
    timeout: HANG_GUARD_MS - 5_000,
  });
  // npx's own complaints about this machine's npm config are not pnpm's nor gong's.
  const stderr = run.stderr
    .split("\n")
    .filter((line) => !line.startsWith("npm warn"))
    .join("\n");
  return { code: run.status, stdout: run.stdout, stderr };
}

// npx, pnpm and a cached turbo build take ~2 s alone; on a loaded CI machine much more.
// The bound is a hang guard, not a speed goal.
const HANG_GUARD_MS = 120_000;

describe("pnpm gong prints nothing but the CLI's own output", { timeout: HANG_GUARD_MS }, () => {
  it("pnpm gong --version prints only the version (no `> gong-monorepo@ gong` banner)", () => {
    const run = pnpmGong(["--version"]);
    expect(run.stdout).toBe(`${version}\n`);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
  });

  it("a failing gong keeps its exit code and adds no ELIFECYCLE line", () => {
    const run = pnpmGong(["--contnue"]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr.trim()).toBe(
      "gong: unknown option --contnue (did you mean --continue?). Run gong --help for usage.",
    );
  });
});
