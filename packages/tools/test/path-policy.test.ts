import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { macosPathVariants, normalizeInputPath } from "../src/path/normalize.js";
import { createPathPolicy } from "../src/path/policy.js";

let root: string;
beforeEach(() => {
  root = realpathSync(mkdtempSync(path.join(os.tmpdir(), "gong-policy-")));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("path policy (ARCHITECTURE §2)", () => {
  it("expands ~, strips a leading @, normalises Unicode spaces", () => {
    const normalized = (input: string, home?: string) => {
      const result = normalizeInputPath(input, home);
      return result.ok ? result.path : result.error;
    };
    expect(normalized("~/a.txt", "/home/u")).toBe("/home/u/a.txt");
    expect(normalized("~", "/home/u")).toBe("/home/u");
    expect(normalized("@src/a.ts")).toBe("src/a.ts");
    expect(normalized("my\u00A0file\u202Fname\u3000x.txt")).toBe("my file name x.txt");
  });

  it("macOS variants: U+202F before AM/PM, NFD, curly apostrophe, NFD + curly", () => {
    const variants = macosPathVariants("/p/Capture d'écran 3.42 PM.png");
    expect(variants).toContain("/p/Capture d'écran 3.42\u202FPM.png");
    expect(variants).toContain("/p/Capture d'écran 3.42 PM.png".normalize("NFD"));
    expect(variants).toContain("/p/Capture d\u2019écran 3.42 PM.png");
    expect(variants).toContain("/p/Capture d\u2019écran 3.42 PM.png".normalize("NFD"));
  });

  it("resolves inside the root to a project-relative POSIX path", async () => {
    mkdirSync(path.join(root, "src"));
    const policy = createPathPolicy({ root });
    const resolved = await policy.resolve("a.txt", path.join(root, "src"));
    expect(resolved).toMatchObject({ ok: true, display: "src/a.txt", exists: false });
  });

  it("denies paths outside the roots, and symlinks that lead outside", async () => {
    const policy = createPathPolicy({ root });
    const outside = await policy.resolve("../x", root);
    expect(outside.ok).toBe(false);
    if (!outside.ok) expect(outside.response.error?.code).toBe("ACCESS_DENIED");
    symlinkSync("/etc", path.join(root, "etc-link"));
    const viaLink = await policy.resolve("etc-link/hostname", root);
    expect(viaLink.ok).toBe(false);
    if (!viaLink.ok) expect(viaLink.response.text).toContain("resolves to /etc/hostname");
    // A new file under a symlinked folder that leads outside is denied too.
    expect((await policy.resolve("etc-link/new-file", root)).ok).toBe(false);
  });

  it("allows the tool-output folder and extra roots", async () => {
    const extra = realpathSync(mkdtempSync(path.join(os.tmpdir(), "gong-extra-")));
    try {
      writeFileSync(path.join(extra, "x.txt"), "x");
      const denied = createPathPolicy({ root });
      expect((await denied.resolve(path.join(extra, "x.txt"), root)).ok).toBe(false);
      const allowed = createPathPolicy({
        root,
        allowedRoots: [extra],
        outputDir: "/tmp/gong-out-test",
      });
      const resolved = await allowed.resolve(path.join(extra, "x.txt"), root);
      expect(resolved).toMatchObject({ ok: true, exists: true, display: `${extra}/x.txt` });
      expect((await allowed.resolve("/tmp/gong-out-test/log.txt", root)).ok).toBe(true);
    } finally {
      rmSync(extra, { recursive: true, force: true });
    }
  });

  it("a root that is a prefix of another folder name does not allow the sibling", async () => {
    const sibling = `${root}-sibling`;
    mkdirSync(sibling);
    try {
      expect((await createPathPolicy({ root }).resolve(`${sibling}/a`, root)).ok).toBe(false);
    } finally {
      rmSync(sibling, { recursive: true, force: true });
    }
  });
});
