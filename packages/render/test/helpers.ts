import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach } from "vitest";

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fresh temp folder removed after the test. */
export function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "gong-render-"));
  made.push(dir);
  return dir;
}
