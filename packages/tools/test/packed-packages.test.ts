// The packages as someone outside this repository gets them: `pnpm pack` (which turns
// `workspace:` versions into real ones), npm install of the tarballs in a fresh
// project under the system temp folder, then the README examples run and type-check
// there against what was installed — nothing from the workspace can leak in.
import { execFile } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);
const root = fileURLToPath(new URL("../../..", import.meta.url));
const pnpm = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).packageManager;
const PACKAGES = ["base", "truncate", "tools"];

/** The user's environment, without what pnpm/turbo add for the script they run. */
function userEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of Object.keys(env)) {
    if (key.startsWith("npm_") && key !== "npm_config_registry" && key !== "npm_config_cache") {
      delete env[key];
    }
  }
  return env;
}

/** Sources named by the package's source maps that the tarball does not contain. */
function unresolvedMapSources(packageDir: string): string[] {
  const dist = join(packageDir, "dist");
  return readdirSync(dist, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".map"))
    .flatMap((file) => {
      const map = JSON.parse(readFileSync(join(dist, file), "utf8")) as { sources: string[] };
      return map.sources.map((source) => resolve(dirname(join(dist, file)), source));
    })
    .filter((source) => !existsSync(source));
}

describe("packages outside the monorepo — @gong/base, @gong/truncate and @gong/tools from their tarballs", () => {
  it("pack, install with npm in a project of its own, and run and type-check the README examples", async () => {
    const project = mkdtempSync(join(tmpdir(), "gong-consumer-"));
    const tarballs = join(project, "tarballs");
    mkdirSync(tarballs);
    const env = userEnv();
    // The command the READMEs give.
    await run(
      "npx",
      [
        "-y",
        pnpm,
        ...PACKAGES.flatMap((p) => ["--filter", `@gong/${p}`]),
        "pack",
        "--pack-destination",
        tarballs,
      ],
      { cwd: root, env },
    );
    writeFileSync(
      join(project, "package.json"),
      JSON.stringify({ name: "consumer", private: true }),
    );
    const files = PACKAGES.map((p) => join(tarballs, `gong-${p}-0.1.0.tgz`));
    const install = await run(
      "npm",
      ["install", "--no-audit", "--no-fund", "--prefer-offline", ...files],
      { cwd: project, env },
    );
    // sharp (image resizing) is an optional peer: not installed, so npm has no install
    // script of it to warn about ("install-scripts … sharp@0.34.5").
    expect(install.stderr).not.toContain("sharp");
    expect(existsSync(join(project, "node_modules", "sharp"))).toBe(false);

    for (const p of PACKAGES) {
      const manifest = JSON.parse(
        readFileSync(join(project, "node_modules", "@gong", p, "package.json"), "utf8"),
      );
      expect(JSON.stringify(manifest.dependencies ?? {})).not.toContain("workspace:");
      expect(manifest).toMatchObject({
        type: "module",
        license: "MIT",
        engines: { node: ">=20" },
        exports: { ".": { types: "./dist/index.d.ts", import: "./dist/index.js" } },
        publishConfig: { access: "public" },
      });
      copyFileSync(join(root, "packages", p, "examples", "readme.mjs"), join(project, `${p}.mjs`));
      expect(unresolvedMapSources(join(project, "node_modules", "@gong", p))).toEqual([]);
    }

    const base = await run(process.execPath, ["base.mjs"], { cwd: project, env });
    expect(base.stdout.split("\n")[0]).toBe("/home/ada/work/gong");
    const truncate = await run(process.execPath, ["truncate.mjs"], { cwd: project, env });
    expect(truncate.stdout.split("\n")[0]).toBe("true 2000 of 5000 lines, from line 3001");
    const tools = await run(process.execPath, ["tools.mjs"], { cwd: project, env });
    expect(tools.stdout).toContain("success Successfully replaced text in app.js.");
    expect(tools.stdout.trimEnd().split("\n").at(-1)).toBe("error NO_MATCH");

    // Type-checked as a consumer's JavaScript, against the installed .d.ts files
    // (their own imports included: no skipLibCheck).
    writeFileSync(
      join(project, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          target: "ES2022",
          module: "NodeNext",
          moduleResolution: "NodeNext",
          strict: true,
          allowJs: true,
          checkJs: true,
          noEmit: true,
          types: ["node"],
          typeRoots: [join(root, "node_modules", "@types")],
        },
        include: ["*.mjs"],
      }),
    );
    const tsc = createRequire(join(root, "package.json")).resolve("typescript/bin/tsc");
    await expect(
      run(process.execPath, [tsc, "-p", project], { cwd: project, env }),
    ).resolves.toBeDefined();
    // 36 s alone on the shared 2-core machine (about 14 s of CPU: pnpm, npm, tsc); in a
    // full run at load average 30 it took over 4 minutes.
  }, 600_000);
});
