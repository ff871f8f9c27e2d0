import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { HANG_GUARD_MS, textResponse } from "@gong/testing";
import { gongSandbox, useMockLlmServer } from "@gong/testing/vitest";
import { afterEach, describe, expect, it } from "vitest";
import { BIN, withTimeout } from "./harness.js";

const mock = useMockLlmServer();
const APP = fileURLToPath(new URL("..", import.meta.url));

/** The ```js blocks of a document of this package, in order. */
function jsBlocks(file: string): string[] {
  const text = readFileSync(path.join(APP, file), "utf8");
  return [...text.matchAll(/```js\n([\s\S]*?)```/g)].map((match) => match[1]!);
}

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * Runs an example as a user would: `gong-rpc` on the PATH (as install-cli puts it), the
 * script beside this package's node_modules so its imports resolve.
 */
async function runExample(code: string): Promise<{ code: number | null; stdout: string }> {
  const box = gongSandbox(mock.anthropicBaseUrl);
  const dir = mkdtempSync(path.join(APP, ".docs-example-"));
  made.push(dir);
  const launcher = path.join(dir, "gong-rpc");
  writeFileSync(launcher, `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
  chmodSync(launcher, 0o755);
  const script = path.join(dir, "example.mjs");
  writeFileSync(script, code);
  const child = spawn(process.execPath, [script], {
    cwd: box.cwd,
    env: { ...box.env, PATH: `${dir}${path.delimiter}${box.env.PATH}` },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let stdout = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
  try {
    return { code: await withTimeout(exited, HANG_GUARD_MS, "the example did not finish"), stdout };
  } finally {
    if (child.exitCode === null) child.kill("SIGKILL");
  }
}

describe("gong-rpc docs — every Node example runs as written, with gong-rpc on the PATH", () => {
  it("README: the JSON-lines example streams the answer and ends", async () => {
    const [example] = jsBlocks("README.md");
    mock.enqueue(textResponse("This repo is a test."));
    const run = await runExample(example!);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("This repo is a test.");
  });

  it("docs/rpc.md: the JSON-lines client and the ACP client", async () => {
    const [jsonLines, acp] = jsBlocks("docs/rpc.md");
    mock.enqueue(textResponse("A summary."));
    const first = await runExample(jsonLines!);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain("A summary.");
    mock.enqueue(textResponse("It is a repo."));
    const second = await runExample(acp!);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain("It is a repo.");
  });
});
