import { execFileSync } from "node:child_process";
import { chmodSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

/**
 * The tests spawn the real `dist/bin.js`; turbo builds only the dependencies before
 * `test`, so the CLI itself is compiled here first.
 */
export default function setup(): void {
  const cwd = fileURLToPath(new URL("..", import.meta.url));
  const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
  execFileSync(process.execPath, [tsc, "-p", "tsconfig.build.json"], { cwd, stdio: "inherit" });
  chmodSync(fileURLToPath(new URL("../dist/bin.js", import.meta.url)), 0o755);
}
