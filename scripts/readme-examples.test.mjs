// `node --test scripts/readme-examples.test.mjs` (part of `pnpm test`).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { readmeExamples } from "./readme-examples.mjs";

const example = 'import { truncateTail } from "@gong/truncate";\nconsole.log(truncateTail("a"));\n';

/** A repository with one package whose README shows `block` as examples/readme.mjs. */
function repoWith(block, files = { "readme.mjs": example }) {
  const root = mkdtempSync(join(tmpdir(), "readme-examples-"));
  const dir = join(root, "packages", "demo");
  mkdirSync(join(dir, "examples"), { recursive: true });
  writeFileSync(join(dir, "package.json"), "{}");
  for (const [name, text] of Object.entries(files))
    writeFileSync(join(dir, "examples", name), text);
  const shown =
    block === undefined ? "" : `<!-- example: examples/readme.mjs -->\n\`\`\`js\n${block}\`\`\`\n`;
  writeFileSync(join(dir, "README.md"), `# demo\n\n${shown}\nMore text.\n`);
  return { root, dir };
}

const script = new URL("./readme-examples.mjs", import.meta.url).pathname;
function run(root, ...args) {
  try {
    execFileSync(process.execPath, [script, "--root", root, ...args], { stdio: "pipe" });
    return { code: 0, stderr: "" };
  } catch (error) {
    return { code: error.status, stderr: String(error.stderr) };
  }
}

describe("README examples — the README block and the example file are the same text", () => {
  it("passes when they are identical", () => {
    const { dir } = repoWith(example);
    assert.deepEqual(readmeExamples(dir).problems, []);
  });

  it("fails on a README block that differs from the file, naming the first differing line", () => {
    const { root, dir } = repoWith(example.replace('"a"', "bigLog"));
    assert.deepEqual(readmeExamples(dir).problems, [
      'README.md differs from examples/readme.mjs at line 2 of the example: "console.log(truncateTail(bigLog));" vs "console.log(truncateTail(\\"a\\"));"',
    ]);
    const { code, stderr } = run(root);
    assert.equal(code, 1);
    assert.match(stderr, /packages\/demo: README\.md differs from examples\/readme\.mjs/);
  });

  it("fails on an example file the README does not show, and on a block whose file is missing", () => {
    const unshown = repoWith(undefined);
    assert.deepEqual(readmeExamples(unshown.dir).problems, [
      "examples/readme.mjs is not shown in README.md",
    ]);
    const missing = repoWith(example, {});
    assert.deepEqual(readmeExamples(missing.dir).problems, [
      "README.md shows examples/readme.mjs, which does not exist",
    ]);
  });

  it("--write copies the file into the README block, and the check then passes", () => {
    const { root, dir } = repoWith("old text\n");
    assert.equal(run(root, "--write").code, 0);
    assert.ok(readFileSync(join(dir, "README.md"), "utf8").includes(example));
    assert.equal(run(root).code, 0);
  });
});
