import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { textResponse, toolCallResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { runGong, type Sandbox, sandbox, waitFor } from "./harness.js";

const mock = useMockLlmServer();

/**
 * Rewrites x.txt with the same size and says whether its mtime and ctime stayed in the
 * same second (git compares whole seconds: then only the racy-git check sees the change).
 */
const REWRITE_IN_PLACE = [
  "before=$(stat -c '%Y %Z' x.txt)",
  "printf 'x = 3\\n' > x.txt",
  "after=$(stat -c '%Y %Z' x.txt)",
  'if [ "$before" = "$after" ]; then echo same-second; else echo seconds-apart; fi',
].join("; ");

/**
 * Session A: the edit makes x = 2, the snapshot before bash records it, and bash at once
 * makes x = 3 within the same second. Repeated until that timing happened (a loaded
 * machine may cross a second boundary between the two writes).
 */
async function bashInOneSecond(): Promise<Sandbox> {
  for (let attempt = 1; ; attempt++) {
    const box = sandbox(mock.anthropicBaseUrl);
    writeFileSync(path.join(box.cwd, "x.txt"), "x = 1\n");
    mock.enqueue([
      toolCallResponse([
        { name: "edit", arguments: { path: "x.txt", oldText: "x = 1", newText: "x = 2" } },
      ]),
      toolCallResponse([{ name: "bash", arguments: { command: REWRITE_IN_PLACE } }]),
      textResponse("x is 3"),
    ]);
    const run = await runGong(["-p", "make x three"], box);
    expect(run.code, run.stderr).toBe(0);
    expect(readFileSync(path.join(box.cwd, "x.txt"), "utf8")).toBe("x = 3\n");
    if (JSON.stringify(mock.requests.at(-1)!.body).includes("same-second")) return box;
    if (attempt === 20) throw new Error("the edit and the bash call never ran in one second");
  }
}

const seconds = (file: string) => {
  const stats = statSync(file);
  return `${Math.floor(stats.mtimeMs / 1000)} ${Math.floor(stats.ctimeMs / 1000)}`;
};

/**
 * Session A's edit makes x = 2 and the snapshot after it records it; the user at once
 * makes x = 3 by hand, within the same second as that snapshot. Repeated until that
 * timing happened.
 */
async function handEditInOneSecond(): Promise<Sandbox> {
  for (let attempt = 1; ; attempt++) {
    const box = sandbox(mock.anthropicBaseUrl);
    const file = path.join(box.cwd, "x.txt");
    writeFileSync(file, "x = 1\n");
    mock.enqueue([
      toolCallResponse([
        { name: "edit", arguments: { path: "x.txt", oldText: "x = 1", newText: "x = 2" } },
      ]),
      textResponse("x is 2"),
    ]);
    const run = await runGong(["-p", "make x two"], box);
    expect(run.code, run.stderr).toBe(0);
    const before = seconds(file);
    writeFileSync(file, "x = 3\n");
    const indexes = path.join(box.gongHome, "checkpoints");
    const [project] = readdirSync(indexes);
    const [index] = readdirSync(path.join(indexes, project!, "indexes"));
    const written = seconds(path.join(indexes, project!, "indexes", index!)).split(" ")[0];
    if (seconds(file) === before && before.startsWith(`${written} `)) return box;
    if (attempt === 20) throw new Error("the edit and the hand edit never ran in one second");
  }
}

/** Session B, started in a later second, writes x = 9; rewinding its prompt gives x = 3. */
async function sessionBRewound(box: Sandbox): Promise<string> {
  // A copy of A's index with a fresh mtime would no longer look racy to git.
  const store = path.join(box.gongHome, "checkpoints");
  const [project] = readdirSync(store);
  const indexes = path.join(store, project!, "indexes");
  const written = Math.max(
    statSync(path.join(box.cwd, "x.txt")).mtimeMs,
    ...readdirSync(indexes).map((name) => statSync(path.join(indexes, name)).mtimeMs),
  );
  await waitFor(() => Math.floor(Date.now() / 1000) > Math.floor(written / 1000));

  mock.enqueue([
    toolCallResponse([{ name: "write", arguments: { path: "x.txt", content: "x = 9\n" } }]),
    textResponse("x is 9"),
  ]);
  const sessionB = await runGong(["-p", "make x nine"], box);
  expect(sessionB.code, sessionB.stderr).toBe(0);
  expect(readFileSync(path.join(box.cwd, "x.txt"), "utf8")).toBe("x = 9\n");

  const listed = await runGong(["--rewind", "-c", "--mode", "json"], box);
  expect(listed.code, listed.stderr).toBe(0);
  const { checkpoints } = JSON.parse(listed.stdout) as { checkpoints: { entryId: string }[] };
  expect(checkpoints).toHaveLength(1);
  const rewound = await runGong(
    ["--rewind", checkpoints[0]!.entryId, "-c", "--restore", "code", "--yes"],
    box,
  );
  expect(rewound.code, rewound.stderr).toBe(0);
  return readFileSync(path.join(box.cwd, "x.txt"), "utf8");
}

describe("rewind — a same-size rewrite in the same second as the snapshot (issue 34 item 2)", () => {
  it("edit, then bash at once: rewinding the next session's prompt gives x = 3, not x = 2", async () => {
    expect(await sessionBRewound(await bashInOneSecond())).toBe("x = 3\n");
  });

  it("a hand edit in the second of the agent's last snapshot: the next session's index copy still sees it", async () => {
    expect(await sessionBRewound(await handEditInOneSecond())).toBe("x = 3\n");
  });
});
