// Builds `dist/bin.js`: one ESM bundle (code-split so `--version` and `--help` load a
// few KB, and the agent only when a prompt runs). Bundling matters for startup: the
// provider SDKs are hundreds of small files, and resolving and reading them one by one
// costs Node ~200 ms before gong can do anything (issue #7 targets < 350 ms per run).
import { chmodSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const here = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.join(here, "dist");
rmSync(outdir, { recursive: true, force: true });

await build({
  absWorkingDir: here,
  entryPoints: ["src/bin.ts"],
  outdir,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  sourcemap: true,
  // Kept real dependencies instead of inlined: jiti (loads TypeScript hook modules)
  // reads its own files at run time, and sharp (resizes images for the model) loads its
  // native binary from the platform package next to it — bundled, it cannot find it
  // and every image went to the model full size.
  external: ["jiti", "sharp"],
  // Prefer a package's ESM build: jsonc-parser's default (UMD) build require()s its own
  // modules by computed relative paths, which a bundle cannot follow.
  mainFields: ["module", "main"],
  // Bundled CommonJS dependencies call require() for Node built-ins.
  banner: {
    js: 'import { createRequire as __gongCreateRequire } from "node:module"; const require = __gongCreateRequire(import.meta.url);',
  },
  logLevel: "warning",
});
chmodSync(path.join(outdir, "bin.js"), 0o755);
