import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { aboveSearchRootIgnoreRules } from "../src/search/nested-gitignore.js";

// fd 8.6 outside a git repository reads no .gitignore: find passes the rules of the files
// above the search folder, rewritten to hold from it (find.test.ts 2.1c runs them).

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A project with `.gitignore` files ({ folder: text }); the folders made. */
function project(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), "gong-above-ignore-"));
  roots.push(root);
  for (const [folder, text] of Object.entries(files)) {
    mkdirSync(path.join(root, folder), { recursive: true });
    writeFileSync(path.join(root, folder, ".gitignore"), text);
  }
  return root;
}

describe("aboveSearchRootIgnoreRules", () => {
  it("keeps unanchored rules at any depth and anchors the others where they still match", () => {
    const root = project({
      ".": "# a comment\n\n*.log\n!keep.log\n/top.txt\na/b/exact.txt\na/*/star.txt\nbuild/\n",
    });
    expect(aboveSearchRootIgnoreRules(root, path.join(root, "a", "b"))).toEqual([
      "/**/*.log",
      "!/**/keep.log",
      "/exact.txt",
      "/star.txt",
      "/**/build/",
    ]);
  });

  it("lets `**` take none, some or all of the folders on the way", () => {
    const root = project({ ".": "**/x/y.txt\na/**\nb/**/z.txt\n" });
    expect(aboveSearchRootIgnoreRules(root, path.join(root, "a", "x"))).toEqual([
      "/y.txt",
      "/**/x/y.txt",
      "/**",
    ]);
    expect(aboveSearchRootIgnoreRules(root, path.join(root, "b", "c", "d"))).toEqual([
      "/**/x/y.txt",
      "/**/z.txt",
    ]);
  });

  it("reads every folder from the project root down to the search folder's parent, the root first", () => {
    const root = project({ ".": "one.txt\n", a: "two.txt\n/b/three.txt\n", "a/b": "own.txt\n" });
    expect(aboveSearchRootIgnoreRules(root, path.join(root, "a", "b"))).toEqual([
      "/**/one.txt",
      "/**/two.txt",
      "/three.txt",
    ]);
  });

  it("has nothing for the project root itself or a folder outside it", () => {
    const root = project({ ".": "one.txt\n" });
    expect(aboveSearchRootIgnoreRules(root, root)).toEqual([]);
    expect(aboveSearchRootIgnoreRules(root, path.dirname(root))).toEqual([]);
  });
});
