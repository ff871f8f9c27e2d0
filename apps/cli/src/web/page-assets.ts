/**
 * The page's files, built with the CLI (`build.mjs` bundles `src/web/page/` into
 * `dist/web/`) and read once when `gong web` starts; each is kept gzipped as well,
 * which is what a browser is sent.
 */
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

export interface Asset {
  type: string;
  body: Buffer;
  gzipped: Buffer;
}

const FILES: Record<string, { file: string; type: string }> = {
  "/": { file: "web-index.html", type: "text/html; charset=utf-8" },
  "/app.js": { file: "web-app.js", type: "text/javascript; charset=utf-8" },
  "/app.css": { file: "web-app.css", type: "text/css; charset=utf-8" },
};

/** The assets by URL path; an error names the file a broken install is missing. */
export function loadPageAssets(): Map<string, Asset> {
  const folder = new URL("./", import.meta.url);
  const assets = new Map<string, Asset>();
  for (const [route, { file, type }] of Object.entries(FILES)) {
    const body = readFileSync(new URL(file, folder));
    assets.set(route, { type, body, gzipped: gzipSync(body, { level: 9 }) });
  }
  return assets;
}
