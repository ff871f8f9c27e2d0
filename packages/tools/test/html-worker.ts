import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

let built: Promise<URL> | undefined;

/**
 * web_fetch converts HTML in a worker thread, which Node starts from a JavaScript file:
 * the tests run the TypeScript sources, so the worker is bundled once per test file.
 */
export function htmlWorkerForTests(): Promise<URL> {
  built ??= (async () => {
    const outfile = path.join(mkdtempSync(path.join(tmpdir(), "gong-html-worker-")), "worker.mjs");
    await build({
      entryPoints: [fileURLToPath(new URL("../src/web/html-worker.ts", import.meta.url))],
      outfile,
      bundle: true,
      format: "esm",
      platform: "node",
      target: "node20",
      banner: {
        js: 'import { createRequire as __testCreateRequire } from "node:module"; const require = __testCreateRequire(import.meta.url);',
      },
      logLevel: "warning",
    });
    return pathToFileURL(outfile);
  })();
  return built;
}
