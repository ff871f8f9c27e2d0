import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { textResponse, toolCallResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { runGong, sandbox } from "./harness.js";

const mock = useMockLlmServer();

const FILES = 20_000;

/** What `du` says the folder takes on disk, in bytes. */
function diskUse(folder: string): number {
  return Number(execFileSync("du", ["-s", "-B1", folder], { encoding: "utf8" }).split("\t")[0]);
}

describe("rewind — the checkpoint store's size (issue 34 item 12)", () => {
  it("20 000 small files: the first snapshot is packed, and the size reported is what du says", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    let bytes = 0;
    for (let folder = 0; folder < FILES / 500; folder++) {
      const dir = path.join(box.cwd, `src${folder}`);
      mkdirSync(dir);
      for (let file = 0; file < 500; file++) {
        const content = `export const value${folder}_${file} = ${folder * 500 + file};\n`;
        writeFileSync(path.join(dir, `f${file}.ts`), content);
        bytes += content.length;
      }
    }
    mock.enqueue([
      toolCallResponse([{ name: "write", arguments: { path: "a.txt", content: "one\n" } }]),
      textResponse("wrote a"),
    ]);
    const run = await runGong(["-p", "write a.txt"], box, { timeoutMs: 5 * 60_000 });
    expect(run.code, run.stderr).toBe(0);

    const listed = await runGong(["--rewind", "-c", "--mode", "json"], box, {
      timeoutMs: 5 * 60_000,
    });
    expect(listed.code, listed.stderr).toBe(0);
    const { storeBytes } = JSON.parse(listed.stdout) as { storeBytes: number };
    const [project] = readdirSync(path.join(box.gongHome, "checkpoints"));
    const used = diskUse(path.join(box.gongHome, "checkpoints", project!));
    console.log(
      `${FILES} files of ${bytes} bytes: store ${used} bytes on disk, ${storeBytes} reported`,
    );
    expect(Math.abs(storeBytes - used)).toBeLessThan(used * 0.05);
    // A loose object a file each took 83 MB here: a block (4 KiB) per file.
    expect(used).toBeLessThan(FILES * 4096 * 0.1);
  });
});
