import { chmodSync, existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { detectSearchBinaries } from "../src/search/binaries.js";

/** A folder for PATH with an `rg` and an `fd` that leaves a file behind when it runs. */
function fakeBinaries(): { bin: string; fdRan: string } {
  const bin = mkdtempSync(path.join(tmpdir(), "gong-search-bins-"));
  const fdRan = path.join(bin, "fd-ran");
  writeFileSync(path.join(bin, "rg"), "#!/bin/sh\nexit 0\n");
  writeFileSync(
    path.join(bin, "fd"),
    `#!/bin/sh\ntouch '${fdRan}'\necho '      --no-require-git'\n`,
  );
  chmodSync(path.join(bin, "rg"), 0o755);
  chmodSync(path.join(bin, "fd"), 0o755);
  return { bin, fdRan };
}

describe("search binaries — grep does not run fd (a spawn forks all of gong)", () => {
  it("finding rg for grep leaves fd unrun; find's first question about fd runs it once", () => {
    const { bin, fdRan } = fakeBinaries();
    const found = detectSearchBinaries(bin);
    expect(found.rg).toBe(path.join(bin, "rg"));
    expect(found.fd).toBe(path.join(bin, "fd"));
    expect(existsSync(fdRan)).toBe(false);
    expect(found.fdNoRequireGit).toBe(true);
    expect(existsSync(fdRan)).toBe(true);
  });
});
