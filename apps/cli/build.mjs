// `dist/bin.js`, bundled the way both apps are (see scripts/bundle-app.mjs), and the
// page of `gong web` beside it: `web-app.js` (src/web/page bundled for the browser),
// `web-app.css` (the HTML export's stylesheet, then the page's) and `web-index.html`.
// Built here, shipped in the package: a user never runs a build step.
import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { bundleApp } from "../../scripts/bundle-app.mjs";

const appDir = path.dirname(fileURLToPath(import.meta.url));
const pageDir = path.join(appDir, "src/web/page");

/**
 * The page imports `@gong/render` (browser-safe) and PartialMessage from agent-core's
 * index: the Node-only modules behind that index are dropped by tree-shaking (the
 * packages are `sideEffects: false`). They are external only so that esbuild need not resolve them
 * for a browser; should one be used after all, its import would reach the script,
 * and the build fails here instead of the page failing in a browser.
 */
const NODE_ONLY = ["node:*", "fs", "child_process", "sharp", "jiti"];

async function buildWebPage(staging) {
  const script = path.join(staging, "web-app.js");
  await build({
    entryPoints: [path.join(pageDir, "main.ts")],
    outfile: script,
    external: NODE_ONLY,
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    minify: true,
    legalComments: "none",
    logLevel: "warning",
  });
  const leaked = readFileSync(script, "utf8").match(
    /\b(?:require\(|from ?|import\()["'][^"']+["']/,
  );
  if (leaked) throw new Error(`the web page's script needs a Node module: ${leaked[0]}`);
  const { EXPORT_CSS } = await import("@gong/render");
  const pageCss = readFileSync(path.join(pageDir, "page.css"), "utf8");
  writeFileSync(path.join(staging, "web-app.css"), `${EXPORT_CSS}\n${pageCss}`);
  copyFileSync(path.join(pageDir, "index.html"), path.join(staging, "web-index.html"));
}

await bundleApp(appDir, { addFiles: buildWebPage });
