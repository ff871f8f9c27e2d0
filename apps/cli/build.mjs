// `dist/bin.js`, bundled the way both apps are (see scripts/bundle-app.mjs).
import path from "node:path";
import { fileURLToPath } from "node:url";
import { bundleApp } from "../../scripts/bundle-app.mjs";

await bundleApp(path.dirname(fileURLToPath(import.meta.url)));
