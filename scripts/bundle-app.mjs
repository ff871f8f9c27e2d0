// Bundles an app's `src/bin.ts` into `dist/bin.js` (both `gong` and `gong-rpc`): one ESM
// bundle, code-split so `--version` and `--help` load a few KB and the agent only when
// it runs. Bundling matters for startup: the provider SDKs are hundreds of small files,
// and resolving and reading them one by one costs Node ~200 ms.
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { directWorkspaceImports } from "./direct-imports.mjs";

const REPO_ROOT = fileURLToPath(new URL("..", import.meta.url)).replace(/\/$/, "");

// web_fetch converts HTML in a worker thread, which Node starts from a file of its own:
// bundled as `dist/html-worker.js`, beside the chunk whose code starts it
// (`new URL("./html-worker.js", import.meta.url)` in @gong/tools' web/convert-html.ts).
const HTML_WORKER = fileURLToPath(
  new URL("../packages/tools/dist/web/html-worker.js", import.meta.url),
);

/**
 * `addFiles(staging)` may write more files (flat, beside the bundle) before they all
 * move into dist/ (the CLI's web page).
 */
export async function bundleApp(appDir, { addFiles } = {}) {
  const outdir = path.join(appDir, "dist");
  // Built beside dist/, then moved in file by file: a process started during a rebuild
  // (a test next to `pnpm gong`, a user's second terminal) never finds dist/ empty.
  const staging = mkdtempSync(path.join(appDir, ".dist-"));
  try {
    await build({
      absWorkingDir: appDir,
      entryPoints: ["src/bin.ts", { in: HTML_WORKER, out: "html-worker" }],
      outdir: staging,
      bundle: true,
      splitting: true,
      format: "esm",
      platform: "node",
      target: "node20",
      sourcemap: true,
      // Kept real dependencies instead of inlined: jiti (loads TypeScript hook modules)
      // reads its own files at run time, and sharp (resizes images for the model) loads
      // its native binary from the platform package next to it — bundled, it cannot find
      // it and every image went to the model full size.
      external: ["jiti", "sharp"],
      // Prefer a package's ESM build: jsonc-parser's default (UMD) build require()s its
      // own modules by computed relative paths, which a bundle cannot follow.
      mainFields: ["module", "main"],
      // Bundled CommonJS dependencies call require() for Node built-ins.
      banner: {
        js: 'import { createRequire as __gongCreateRequire } from "node:module"; const require = __gongCreateRequire(import.meta.url);',
      },
      // Each command loads only the modules it uses (scripts/direct-imports.mjs says why).
      plugins: [directWorkspaceImports(REPO_ROOT)],
      logLevel: "warning",
    });
    chmodSync(path.join(staging, "bin.js"), 0o755);
    await addFiles?.(staging);
    mkdirSync(outdir, { recursive: true });
    const built = readdirSync(staging);
    // Chunks first, the entry last: a bin.js in place only ever imports chunks in place.
    const entryLast = (name) => (name.startsWith("bin.js") ? 1 : 0);
    for (const name of built.sort((a, b) => entryLast(a) - entryLast(b))) {
      renameSync(path.join(staging, name), path.join(outdir, name));
    }
    for (const name of readdirSync(outdir)) {
      if (!built.includes(name)) rmSync(path.join(outdir, name), { recursive: true, force: true });
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
