import { existsSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  overflowResponse,
  rateLimitResponse,
  startMockLlmServer,
  textResponse,
  toolCallResponse,
} from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import {
  jsonLines,
  runGong,
  sandbox,
  sessionFiles,
  waitFor,
  writeJson,
  writeSettings,
} from "./harness.js";

const mock = useMockLlmServer();

function messagesOf(index: number): string {
  return JSON.stringify((mock.requests[index]!.body as { messages: unknown }).messages);
}

describe("gong sessions", () => {
  it("-c sends the previous conversation of this directory", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue([textResponse("The answer is 42."), textResponse("You asked about the answer.")]);
    expect((await runGong(["-p", "what is the answer?"], box)).code).toBe(0);
    const second = await runGong(["-c", "-p", "what did I ask?"], box);
    expect(second.code).toBe(0);
    expect(second.stdout).toBe("You asked about the answer.\n");
    const sent = messagesOf(1);
    expect(sent).toContain("what is the answer?");
    expect(sent).toContain("The answer is 42.");
    expect(sent).toContain("what did I ask?");
    expect(sessionFiles(box.gongHome)).toHaveLength(1);
  });

  it("-r <id-prefix> and --session <file> resume that session", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue([textResponse("one"), textResponse("two"), textResponse("three")]);
    const first = await runGong(["--mode", "json", "remember kiwi"], box);
    const id = jsonLines(first.stdout)[0]!.id as string;
    expect((await runGong(["-r", id.slice(0, 8), "-p", "fruit?"], box)).code).toBe(0);
    expect(messagesOf(1)).toContain("remember kiwi");
    const file = sessionFiles(box.gongHome)[0]!;
    expect((await runGong(["--session", file, "-p", "again?"], box)).code).toBe(0);
    expect(messagesOf(2)).toContain("fruit?");
  });

  it("-r without an id lists this directory's sessions", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue(textResponse("ok"));
    const first = await runGong(["--mode", "json", "list me"], box);
    const id = jsonLines(first.stdout)[0]!.id as string;
    const list = await runGong(["-r"], box);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain(id);
    expect(list.stdout).toContain("list me");
    expect(list.stdout).toContain(" 2 msgs ");
  });

  it("-r marks a message count it did not read to the end (the listing reads a bounded prefix)", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue([textResponse("ok"), textResponse("ok again")]);
    expect((await runGong(["-p", "short start"], box)).code).toBe(0);
    expect((await runGong(["-c", "-p", "x".repeat(80_000)], box)).code).toBe(0);
    const list = await runGong(["-r"], box);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain(" 2+ msgs ");
    expect(list.stdout).toContain("short start");
  });

  it("--no-session writes nothing", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue(textResponse("ephemeral"));
    const run = await runGong(["--no-session", "-p", "hi"], box);
    expect(run.code).toBe(0);
    expect(sessionFiles(box.gongHome)).toEqual([]);
  });

  it("--session-dir keeps the files there", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue(textResponse("ok"));
    const dir = path.join(box.cwd, ".sessions");
    expect((await runGong(["--session-dir", dir, "-p", "hi"], box)).code).toBe(0);
    expect(readdirSync(dir).filter((f) => f.endsWith(".jsonl"))).toHaveLength(1);
    expect(sessionFiles(box.gongHome)).toEqual([]);
  });

  it("a sessionDir from settings is used by every command: run, -r listing and --export", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, { sessionDir: "~/kept-sessions" });
    mock.enqueue(textResponse("ok"));
    const run = await runGong(["--mode", "json", "hi"], box);
    expect(run.code).toBe(0);
    const id = jsonLines(run.stdout)[0]!.id as string;
    const dir = path.join(box.home, "kept-sessions");
    expect(readdirSync(dir).filter((f) => f.endsWith(".jsonl"))).toHaveLength(1);

    const listed = await runGong(["-r"], box);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(id);
    const exported = await runGong(["--export", id.slice(0, 8), "out.html"], box);
    expect(exported.stderr).toBe("");
    expect(exported.code).toBe(0);
    expect(existsSync(path.join(box.cwd, "out.html"))).toBe(true);
  });

  it("connection dropped mid-stream → exit 1, the session still loads and -c works", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, { retry: { maxRetries: 0 } });
    mock.enqueue(
      textResponse("This answer will be cut off halfway through.", { dropAfterEvents: 4 }),
    );
    const dropped = await runGong(["-p", "tell me a story"], box);
    expect(dropped.code).toBe(1);
    expect(dropped.stderr).toMatch(/^gong: .+/);
    expect(dropped.stderr.trim().split("\n")).toHaveLength(1);
    mock.enqueue(textResponse("Recovered."));
    const resumed = await runGong(["-c", "-p", "try again"], box);
    expect(resumed.stderr).toBe("");
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toBe("Recovered.\n");
    expect(messagesOf(1)).toContain("tell me a story");
  });

  it("a session in use by another gong → one line naming the pid", async () => {
    // Its own server: closing it is how the stalled holder is ended.
    const own = await startMockLlmServer();
    let holder: Promise<unknown> | undefined;
    try {
      const box = sandbox(own.anthropicBaseUrl);
      // No retries: once the mock goes away the holder must end at once.
      writeSettings(box.gongHome, { retry: { maxRetries: 0 } });
      own.enqueue(textResponse("first"));
      expect((await runGong(["-p", "start"], box)).code).toBe(0);
      // The second run stalls mid-stream, holding the session, while a third tries to open it.
      own.enqueue(textResponse("slow answer", { stallAfterEvents: 2 }));
      holder = runGong(["-c", "-p", "hold it"], box).catch(() => undefined);
      await waitFor(() => own.requests.length === 2);
      const blocked = await runGong(["-c", "-p", "me too"], box);
      expect(blocked.code).toBe(1);
      expect(blocked.stderr).toMatch(/pid \d+/);
      expect(blocked.stderr.trim().split("\n")).toHaveLength(1);
    } finally {
      await own.close();
      await holder;
    }
  });
});

describe("gong abort", () => {
  it("Ctrl+C (SIGINT) mid-stream aborts: exit 130, one line, and the session keeps the prompt", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue(textResponse("a long answer that never finishes", { stallAfterEvents: 3 }));
    let child: import("node:child_process").ChildProcess | undefined;
    const running = runGong(["-p", "start something long"], box, { onSpawn: (c) => (child = c) });
    await waitFor(() => mock.requests.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    child!.kill("SIGINT");
    const run = await running;
    expect(run.code).toBe(130);
    expect(run.stderr).toBe("gong: aborted\n");
    mock.enqueue(textResponse("resumed"));
    expect((await runGong(["-c", "-p", "go on"], box)).code).toBe(0);
    expect(messagesOf(1)).toContain("start something long");
  });
});

describe("gong retry and compaction", () => {
  it("429 then success → retried, honouring retry-after", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, { retry: { baseDelayMs: 100, maxDelayMs: 5000 } });
    mock.enqueue([rateLimitResponse(1), textResponse("Made it.")]);
    const run = await runGong(["-p", "hi"], box);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("Made it.\n");
    expect(mock.requests).toHaveLength(2);
    expect(run.stderr).toMatch(/retrying in 1 s/i);
    expect(run.ms).toBeGreaterThanOrEqual(900);
  });

  it("overflow → compaction then success", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, { compaction: { keepRecentTokens: 1 } });
    mock.enqueue([
      textResponse(`First answer. ${"filler ".repeat(200)}`),
      textResponse(`Second answer. ${"filler ".repeat(200)}`),
    ]);
    expect((await runGong(["-p", "first question"], box)).code).toBe(0);
    expect((await runGong(["-c", "-p", "second question"], box)).code).toBe(0);
    mock.enqueue([
      overflowResponse("anthropic"),
      textResponse("## Goal\nAnswer questions.\n## Progress\nTwo answered."),
      textResponse("Third answer after compaction."),
    ]);
    const run = await runGong(["-c", "-p", "third question"], box);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("Third answer after compaction.\n");
    expect(run.stderr).toMatch(/compact/i);
    const last = messagesOf(mock.requests.length - 1);
    expect(last).toContain("third question");
    expect(last).toContain("Two answered.");
  });
});

describe("gong retry and compaction — autoCompaction off", () => {
  it("an overflow with autoCompaction false fails with one line that suggests gong --compact", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, { autoCompaction: false });
    mock.enqueue(overflowResponse("anthropic"));
    const run = await runGong(["-p", "hi"], box);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/prompt is too long.*gong --compact -r [0-9a-f]{8}/);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(mock.requests).toHaveLength(1);
  });
});

describe("gong command hooks", () => {
  it("a PreToolUse command hook that exits 2 blocks a bash call", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const hook = path.join(box.gongHome, "no-bash.sh");
    writeFileSync(
      hook,
      '#!/bin/sh\ncat > /dev/null\necho "bash is disabled in this repo" >&2\nexit 2\n',
      { mode: 0o755 },
    );
    // Project hooks load only in a folder the user trusts.
    writeSettings(box.gongHome, { trustedFolders: [box.cwd] });
    writeJson(path.join(box.cwd, ".gong", "settings.json"), {
      hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: hook }] }] },
    });
    mock.enqueue([
      toolCallResponse([
        { id: "toolu_bash", name: "bash", arguments: { command: "touch marker.txt" } },
      ]),
      textResponse("Blocked, as expected."),
    ]);
    const run = await runGong(["-p", "make a marker"], box);
    expect(run.code).toBe(0);
    expect(existsSync(path.join(box.cwd, "marker.txt"))).toBe(false);
    expect(messagesOf(1)).toContain("bash is disabled in this repo");
  });
});
