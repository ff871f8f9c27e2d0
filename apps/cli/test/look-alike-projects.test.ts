import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { textResponse, toolCallResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { runGong, type Sandbox, sandbox } from "./harness.js";

const mock = useMockLlmServer();

/** `/…/X/a-b` and `/…/X/a/b`: the same folder name under the naming before issue 34.3. */
function lookAlikes(): { dashed: Sandbox; nested: Sandbox } {
  const box = sandbox(mock.anthropicBaseUrl);
  const x = path.join(box.cwd, "..", "X");
  const dashed = { ...box, cwd: path.join(x, "a-b") };
  const nested = { ...box, cwd: path.join(x, "a", "b") };
  for (const project of [dashed, nested]) mkdirSync(project.cwd, { recursive: true });
  return { dashed, nested };
}

/** The folder name gong gave a cwd before the hash: `/tmp/X/a-b` → `--tmp-X-a-b--`. */
function oldName(cwd: string): string {
  return `--${cwd.replace(/^\/+/, "").replaceAll("/", "-")}--`;
}

/** A session in `/X/a-b` that writes secret.txt; its prompt's checkpoint entry id. */
async function sessionWritingSecret(dashed: Sandbox): Promise<string> {
  mock.enqueue([
    toolCallResponse([{ name: "write", arguments: { path: "secret.txt", content: "a-b's\n" } }]),
    textResponse("wrote the secret"),
  ]);
  const run = await runGong(["-p", "the dashed project's prompt"], dashed);
  expect(run.code, run.stderr).toBe(0);
  const listed = await runGong(["--rewind", "-c", "--mode", "json"], dashed);
  expect(listed.code, listed.stderr).toBe(0);
  const { checkpoints } = JSON.parse(listed.stdout) as { checkpoints: { entryId: string }[] };
  expect(checkpoints).toHaveLength(1);
  return checkpoints[0]!.entryId;
}

function sessionId(box: Sandbox): string {
  const [folder] = readdirSync(path.join(box.gongHome, "sessions"));
  const [file] = readdirSync(path.join(box.gongHome, "sessions", folder!));
  return /_([^_]+)\.jsonl$/.exec(file!)![1]!;
}

/** In `/X/a/b`: its own file, the sign that no rewind wrote into this project. */
function untouched(nested: Sandbox): () => void {
  writeFileSync(path.join(nested.cwd, "mine.txt"), "a/b's own\n");
  return () => {
    expect(readFileSync(path.join(nested.cwd, "mine.txt"), "utf8")).toBe("a/b's own\n");
    expect(existsSync(path.join(nested.cwd, "secret.txt"))).toBe(false);
  };
}

async function continuesFresh(nested: Sandbox): Promise<void> {
  mock.enqueue([textResponse("hello")]);
  const run = await runGong(["-c", "-p", "the nested project's prompt"], nested);
  expect(run.code, run.stderr).toBe(0);
  const sent = JSON.stringify(mock.requests.at(-1)!.body);
  expect(sent).toContain("the nested project's prompt");
  expect(sent).not.toContain("the dashed project's prompt");
}

describe("issue 34.3 — two projects whose names read alike keep apart (/X/a-b, /X/a/b)", () => {
  it("in /X/a/b, where gong never ran, -c does not continue /X/a-b's conversation nor rewind to its checkpoint", async () => {
    const { dashed, nested } = lookAlikes();
    const checkpoint = await sessionWritingSecret(dashed);
    const check = untouched(nested);

    const rewind = await runGong(["--rewind", checkpoint, "-c", "--yes"], nested);
    expect(rewind.code).toBe(1);
    expect(rewind.stderr).toContain("no saved session for this directory yet");
    check();

    await continuesFresh(nested);
    expect(readdirSync(path.join(nested.gongHome, "sessions"))).toHaveLength(2);
  });

  it("/X/a/b first, then /X/a-b: each gets folders of its own, the second starts fresh", async () => {
    const { dashed, nested } = lookAlikes();
    mock.enqueue([
      toolCallResponse([{ name: "write", arguments: { path: "mine.txt", content: "a/b\n" } }]),
      textResponse("wrote mine"),
    ]);
    const first = await runGong(["-p", "the nested project's prompt"], nested);
    expect(first.code, first.stderr).toBe(0);
    mock.enqueue([textResponse("fresh")]);
    const second = await runGong(["-c", "-p", "the dashed project's prompt"], dashed);
    expect(second.code, second.stderr).toBe(0);
    expect(JSON.stringify(mock.requests.at(-1)!.body)).not.toContain("the nested project's");
    for (const kind of ["sessions", "checkpoints"]) {
      expect(readdirSync(path.join(nested.gongHome, kind))).toHaveLength(2);
    }
  });

  it("-r with the other project's session: its checkpoints are refused here, nothing written", async () => {
    const { dashed, nested } = lookAlikes();
    const checkpoint = await sessionWritingSecret(dashed);
    const check = untouched(nested);
    const id = sessionId(dashed);
    const rewind = await runGong(["--rewind", checkpoint, "-r", id, "--yes"], nested);
    expect(rewind.code).toBe(1);
    expect(rewind.stderr).toContain(`belongs to ${dashed.cwd}`);
    check();
  });

  it("folders of the earlier naming: still used by their own project, never by the look-alike", async () => {
    const { dashed, nested } = lookAlikes();
    const checkpoint = await sessionWritingSecret(dashed);
    // What a gong from before the hash left: /X/a-b's session and store under the name
    // that /X/a/b's folders have.
    const [folder] = readdirSync(path.join(dashed.gongHome, "sessions"));
    for (const kind of ["sessions", "checkpoints"]) {
      renameSync(
        path.join(dashed.gongHome, kind, folder!),
        path.join(dashed.gongHome, kind, oldName(dashed.cwd)),
      );
    }
    // The store's note names the session file where that gong wrote it.
    const notes = path.join(dashed.gongHome, "checkpoints", oldName(dashed.cwd), "sessions");
    for (const note of readdirSync(notes)) {
      const file = readFileSync(path.join(notes, note), "utf8");
      writeFileSync(path.join(notes, note), file.replace(folder!, oldName(dashed.cwd)));
    }
    expect(oldName(dashed.cwd)).toBe(oldName(nested.cwd));
    const check = untouched(nested);

    const refused = await runGong(["--rewind", checkpoint, "-c", "--yes"], nested);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("no saved session for this directory yet");
    const listed = await runGong(["-r"], nested);
    expect(listed.stdout).not.toContain("the dashed project's prompt");
    const byId = await runGong(["--rewind", checkpoint, "-r", sessionId(dashed), "--yes"], nested);
    expect(byId.code).toBe(1);
    check();

    // /X/a-b still finds its session and its checkpoint in the old folders.
    const rewound = await runGong(
      ["--rewind", checkpoint, "-c", "--restore", "code", "--yes"],
      dashed,
    );
    expect(rewound.code, rewound.stderr).toBe(0);
    expect(existsSync(path.join(dashed.cwd, "secret.txt"))).toBe(false);
    mock.enqueue([textResponse("again")]);
    const resumed = await runGong(["-c", "-p", "and again"], dashed);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(JSON.stringify(mock.requests.at(-1)!.body)).toContain("the dashed project's prompt");

    await continuesFresh(nested);
  });
});
