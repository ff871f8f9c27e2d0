import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { textResponse, toolCallResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { runGong, sandbox, waitFor } from "./harness.js";

const mock = useMockLlmServer();

const quote = (word: string) => `'${word.replaceAll("'", "'\\''")}'`;

describe("checkpoints — gong killed -9 while a snapshot's git runs leaves no temp folder", () => {
  it("the store's shell outlives the broken pipe and removes its folder when the git ends", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const tmp = path.join(box.home, "tmp");
    const bin = path.join(box.home, "bin");
    const started = path.join(box.home, "write-tree-started");
    for (const dir of [tmp, bin]) mkdirSync(dir);
    const git = execFileSync("sh", ["-c", "command -v git"], { encoding: "utf8" }).trim();
    // A git whose write-tree says it started, then takes a second: gong dies meanwhile.
    writeFileSync(
      path.join(bin, "git"),
      `#!/bin/sh\ncase " $* " in *" write-tree"*) : > ${quote(started)}; sleep 1;; esac\nexec ${quote(git)} "$@"\n`,
      { mode: 0o755 },
    );
    box.env.PATH = `${bin}${path.delimiter}${box.env.PATH}`;
    box.env.TMPDIR = tmp;
    writeFileSync(path.join(box.cwd, "a.txt"), "one\n");
    mock.enqueue([
      toolCallResponse([{ name: "bash", arguments: { command: "echo two > a.txt" } }]),
      textResponse("done"),
    ]);
    const shellFolders = () => readdirSync(tmp).filter((name) => name.startsWith("gong-git-"));
    const killed = await runGong(["-p", "change a.txt"], box, {
      onSpawn: (child) => {
        void waitFor(() => existsSync(started)).then(() => child.kill("SIGKILL"));
      },
    });
    expect(killed.code).toBeNull();
    expect(shellFolders().length).toBe(1);
    await waitFor(() => shellFolders().length === 0);
  });
});
