// Builds `dist/bin.js`: one ESM bundle, code-split so `--version` and `--help` load a
// few KB and the runtime only when a server starts. Bundling matters for startup (an
// editor spawns gong-rpc on every project it opens): the provider SDKs are hundreds of
// small files, and resolving them one by one costs Node ~200 ms.
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
  // jiti (loads TypeScript hook modules) reads its own files at run time; sharp (image
  // resizing, optional) loads a native binary next to its package: both stay external.
  external: ["jiti", "sharp"],
  // Bundled CommonJS dependencies call require() for Node built-ins.
  banner: {
    js: 'import { createRequire as __gongCreateRequire } from "node:module"; const require = __gongCreateRequire(import.meta.url);',
  },
  logLevel: "warning",
});
chmodSync(path.join(outdir, "bin.js"), 0o755);
