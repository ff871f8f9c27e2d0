// `node --test scripts/check-layout.test.mjs` (part of `pnpm test`).
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, it } from "node:test";
import { layoutProblems } from "./check-layout.mjs";

/** A repository from { "packages/a/src/x.ts": "source", … }. */
function repoWith(files) {
  const root = mkdtempSync(join(tmpdir(), "check-layout-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe("check-layout", () => {
  it("passes a package whose folders import downward only", () => {
    const root = repoWith({
      "packages/a/src/index.ts": 'export * from "./top/run.js";\n',
      "packages/a/src/top/run.ts":
        'import { low } from "../low/low.js";\nexport const run = low;\n',
      "packages/a/src/low/low.ts": 'import type { T } from "../types.js";\nexport const low = 1;\n',
      "packages/a/src/types.ts": "export type T = number;\n",
      "packages/b/src/index.ts": 'import { run } from "@gong/a";\nexport const b = run;\n',
    });
    assert.deepEqual(layoutProblems(root), []);
  });

  it("names a file that imports another package's src/, relatively or by name", () => {
    const root = repoWith({
      "packages/a/src/index.ts": "export const a = 1;\n",
      "packages/b/src/index.ts": 'import { a } from "../../a/src/index.js";\nexport const b = a;\n',
      "apps/c/src/main.ts": 'const m = await import("@gong/a/src/index.js");\n',
    });
    const problems = layoutProblems(root);
    assert.equal(problems.length, 2);
    assert.match(
      problems.join("\n"),
      /packages\/b\/src\/index\.ts: imports another package's source/,
    );
    assert.match(problems.join("\n"), /apps\/c\/src\/main\.ts: .*@gong\/a\/src/);
  });

  it("names a cycle between top folders with the import that makes each arrow", () => {
    const root = repoWith({
      "packages/a/src/session/open.ts":
        'import { x } from "../export/write.js";\nexport const o = x;\n',
      "packages/a/src/export/write.ts":
        'import { d } from "../session/deep/dir.js";\nexport const x = d;\n',
      "packages/a/src/session/deep/dir.ts": "export const d = 1;\n",
    });
    const [problem, ...rest] = layoutProblems(root);
    assert.equal(rest.length, 0);
    assert.match(
      problem,
      /packages\/a\/src: folders import each other in a cycle: export, session/,
    );
    assert.match(problem, /session → export: src\/session\/open\.ts → \.\.\/export\/write\.js/);
    assert.match(
      problem,
      /export → session: src\/export\/write\.ts → \.\.\/session\/deep\/dir\.js/,
    );
  });

  it("is a step of `pnpm test` (scripts/run-tests.mjs), beside check-exports", () => {
    const runTests = readFileSync(new URL("./run-tests.mjs", import.meta.url), "utf8");
    const steps = runTests.slice(runTests.indexOf("const STEPS = ["));
    assert.match(steps, /\["check-layout", process\.execPath, \["scripts\/check-layout\.mjs"\]\]/);
  });
});
