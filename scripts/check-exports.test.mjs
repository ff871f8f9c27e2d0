// `node --test scripts/check-exports.test.mjs` (part of `pnpm test`).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";

/** A repository of packages: folder → { name, dependencies, index, readme }. */
function repoWith(packages) {
  const root = mkdtempSync(join(tmpdir(), "check-exports-"));
  mkdirSync(join(root, "apps"));
  for (const [folder, { name, dependencies = {}, index, readme }] of Object.entries(packages)) {
    const dir = join(root, "packages", folder);
    mkdirSync(join(dir, "src"), { recursive: true });
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name, dependencies }));
    writeFileSync(join(dir, "src", "index.ts"), index);
    writeFileSync(join(dir, "README.md"), readme);
  }
  return root;
}

const script = new URL("./check-exports.mjs", import.meta.url).pathname;
function run(root) {
  try {
    execFileSync(process.execPath, [script, "--root", root], { stdio: "pipe" });
    return { code: 0, stderr: "" };
  } catch (error) {
    return { code: error.status, stderr: String(error.stderr) };
  }
}

const base = {
  name: "@gong/base",
  index: "export function isRecord(value: unknown) { return value !== null; }\n",
  readme: "`isRecord(value)`\n",
};
const truncate = {
  name: "@gong/truncate",
  dependencies: { "@gong/base": "workspace:^" },
  index: 'import { isRecord } from "@gong/base";\nexport const truncateHead = isRecord;\n',
  readme: "`truncateHead(text)`\n",
};

describe("check-exports — a package's name says what it holds, and what it imports it depends on", () => {
  it("passes a package named after its folder that lists the @gong package it imports", () => {
    assert.deepEqual(run(repoWith({ base, truncate })), { code: 0, stderr: "" });
  });

  it("checks every package that is not private, not a fixed list", () => {
    const root = repoWith({ base, truncate, extra: { ...base, name: "@gong/extra" } });
    const { code, stderr } = run(root);
    assert.equal(code, 0, stderr);
    const undocumented = { ...base, name: "@gong/extra", readme: "nothing\n" };
    const failed = run(repoWith({ base, truncate, extra: undocumented }));
    assert.equal(failed.code, 1);
    assert.match(failed.stderr, /@gong\/extra: isRecord is neither used/);
  });

  it("fails on a package whose name is not @gong/<folder>", () => {
    const { code, stderr } = run(
      repoWith({ base, truncate: { ...truncate, name: "@gong/trunc" } }),
    );
    assert.equal(code, 1);
    assert.match(
      stderr,
      /packages\/truncate\/package\.json: name is @gong\/trunc, not @gong\/truncate/,
    );
  });

  it("fails on a package that imports @gong/base without depending on it", () => {
    const { code, stderr } = run(repoWith({ base, truncate: { ...truncate, dependencies: {} } }));
    assert.equal(code, 1);
    assert.match(
      stderr,
      /@gong\/truncate imports @gong\/base but does not list it in its package.json dependencies/,
    );
  });
});
