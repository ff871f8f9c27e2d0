import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { textResponse, toolCallResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { runGong, type Sandbox, sandbox } from "./harness.js";

const mock = useMockLlmServer();

/** A project path whose name has bytes that are not UTF-8. */
function bytes(box: Sandbox, ...parts: (string | number)[]): Buffer {
  return Buffer.concat([
    Buffer.from(`${box.cwd}/`),
    ...parts.map((part) => (typeof part === "number" ? Buffer.from([part]) : Buffer.from(part))),
  ]);
}

/** bash: bad\xffname.txt rewritten, new\xfe.txt and a new folder dir\xfd/ with a file created. */
const CHANGE_NAMES = [
  "printf 'new\\n' > \"$(printf 'bad\\377name.txt')\"",
  "printf 'made\\n' > \"$(printf 'new\\376.txt')\"",
  "mkdir \"$(printf 'dir\\375')\"",
  "printf 'inside\\n' > \"$(printf 'dir\\375')/inner.txt\"",
].join(" && ");

async function changeNames(box: Sandbox): Promise<string> {
  writeFileSync(bytes(box, "bad", 0xff, "name.txt"), "old\n");
  mock.enqueue([
    toolCallResponse([{ name: "bash", arguments: { command: CHANGE_NAMES } }]),
    textResponse("renamed things"),
  ]);
  const run = await runGong(["-p", "change the odd names"], box);
  expect(run.code, run.stderr).toBe(0);
  expect(readFileSync(bytes(box, "bad", 0xff, "name.txt"), "utf8")).toBe("new\n");
  const listed = await runGong(["--rewind", "-c", "--mode", "json"], box);
  expect(listed.code, listed.stderr).toBe(0);
  const { checkpoints } = JSON.parse(listed.stdout) as {
    checkpoints: { entryId: string; files: number }[];
  };
  expect(checkpoints[0]!.files).toBe(3);
  return checkpoints[0]!.entryId;
}

/** Makes `folder` refuse new and removed entries, also for root; false when it cannot. */
function lock(folder: string): boolean {
  chmodSync(folder, 0o555);
  try {
    writeFileSync(path.join(folder, ".probe"), "");
    rmSync(path.join(folder, ".probe"));
  } catch {
    return true;
  }
  try {
    execFileSync("chattr", ["+i", folder], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

function unlock(folder: string): void {
  try {
    execFileSync("chattr", ["-i", folder], { stdio: "ignore" });
  } catch {
    // Never locked that way.
  }
  chmodSync(folder, 0o755);
}

describe("rewind — file names that are not UTF-8 (issue 34 item 6)", () => {
  it("bad\\xffname.txt is restored, new\\xfe.txt and dir\\xfd/ are removed, each listed", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const turn = await changeNames(box);
    const rewound = await runGong(["--rewind", turn, "-c", "--restore", "code", "--yes"], box);
    expect(rewound.code, rewound.stderr).toBe(0);
    expect(rewound.stdout).toContain("restore  bad\\xffname.txt");
    expect(rewound.stdout).toContain("remove   new\\xfe.txt");
    expect(rewound.stdout).toContain("remove   dir\\xfd/inner.txt");
    expect(rewound.stdout).toContain("3 file(s) change");
    expect(readFileSync(bytes(box, "bad", 0xff, "name.txt"), "utf8")).toBe("old\n");
    expect(existsSync(bytes(box, "new", 0xfe, ".txt"))).toBe(false);
    expect(existsSync(bytes(box, "dir", 0xfd))).toBe(false);
    // And the undo brings the odd names back.
    const undo = /Undo with: gong --rewind (\w+)/.exec(rewound.stdout)![1]!;
    const undone = await runGong(["--rewind", undo, "-c", "--restore", "code", "--yes"], box);
    expect(undone.code, undone.stderr).toBe(0);
    expect(readFileSync(bytes(box, "new", 0xfe, ".txt"), "utf8")).toBe("made\n");
    expect(readFileSync(bytes(box, "dir", 0xfd, "/inner.txt"), "utf8")).toBe("inside\n");
  });

  it("a file that cannot be put back is listed and warned, the others are put back, and the exit is 1", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeFileSync(bytes(box, "bad", 0xff, "name.txt"), "old\n");
    mock.enqueue([
      toolCallResponse([
        {
          name: "bash",
          arguments: {
            command: `mkdir locked && echo x > locked/made.txt && ${CHANGE_NAMES.split(" && ")[0]}`,
          },
        },
      ]),
      textResponse("done"),
    ]);
    const run = await runGong(["-p", "make a locked file"], box);
    expect(run.code, run.stderr).toBe(0);
    const listed = await runGong(["--rewind", "-c", "--mode", "json"], box);
    const turn = (JSON.parse(listed.stdout) as { checkpoints: { entryId: string }[] })
      .checkpoints[0]!.entryId;
    const folder = path.join(box.cwd, "locked");
    if (!lock(folder)) {
      unlock(folder);
      console.warn("skipped: this user can always write any folder here");
      return;
    }
    try {
      const rewound = await runGong(["--rewind", turn, "-c", "--restore", "code", "--yes"], box);
      expect(rewound.code).toBe(1);
      expect(rewound.stderr).toContain("1 file(s) not put back (Could not remove locked/made.txt");
      expect(rewound.stderr).toContain("remove   locked/made.txt");
      expect(readFileSync(bytes(box, "bad", 0xff, "name.txt"), "utf8")).toBe("old\n");
      expect(existsSync(path.join(folder, "made.txt"))).toBe(true);
    } finally {
      unlock(folder);
    }
  });
});
