import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/**
 * The tests spawn the real `dist/bin.js`; turbo builds only the dependencies before
 * `test`, so the app itself is bundled here first.
 */
export default function setup(): void {
  const cwd = fileURLToPath(new URL("..", import.meta.url));
  execFileSync(process.execPath, ["build.mjs"], { cwd, stdio: "inherit" });
}
