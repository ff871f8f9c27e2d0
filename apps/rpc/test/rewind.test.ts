import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { textResponse, toolCallResponse } from "@gong/testing";
import { gongSandbox, useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { type Line, RpcProcess } from "./harness.js";

const mock = useMockLlmServer();

async function promptAndWait(rpc: RpcProcess, message: string): Promise<void> {
  const before = rpc.ofType("run_end").length;
  await rpc.request({ type: "prompt", message });
  await rpc.waitFor(() => rpc.ofType("run_end").length > before);
}

const data = (line: Line) => line.data as Record<string, unknown>;

describe("gong-rpc — get_checkpoints and rewind", () => {
  it("lists the prompts with file counts, shows a dry run, rewinds code and conversation, and undoes it", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    const rpc = RpcProcess.start(box);
    const file = path.join(box.cwd, "a.txt");
    mock.enqueue([
      toolCallResponse([{ name: "write", arguments: { path: "a.txt", content: "one\n" } }]),
      textResponse("wrote it"),
      toolCallResponse([{ name: "write", arguments: { path: "a.txt", content: "two\n" } }]),
      textResponse("rewrote it"),
    ]);
    await promptAndWait(rpc, "first");
    await promptAndWait(rpc, "second");

    const listed = data(await rpc.request({ type: "get_checkpoints" }));
    const points = listed.checkpoints as { entryId: string; text: string; files: number }[];
    expect(points.map((point) => [point.text, point.files])).toEqual([
      ["first", 1],
      ["second", 1],
    ]);
    expect(listed.storeBytes).toBeGreaterThan(0);

    const second = points[1]!.entryId;
    const dry = data(await rpc.request({ type: "rewind", entryId: second, dryRun: true }));
    expect(dry.files).toEqual([{ path: "a.txt", action: "restore", added: 1, removed: 1 }]);
    expect(readFileSync(file, "utf8")).toBe("two\n");

    const done = data(await rpc.request({ type: "rewind", entryId: second }));
    expect(done.text).toBe("second");
    expect(readFileSync(file, "utf8")).toBe("one\n");
    const messages = data(await rpc.request({ type: "get_messages" })).messages as unknown[];
    expect(JSON.stringify(messages)).not.toContain("rewrote it");

    const undone = await rpc.request({ type: "rewind", entryId: done.undoId, restore: "code" });
    expect(undone.success).toBe(true);
    expect(readFileSync(file, "utf8")).toBe("two\n");

    const unknown = await rpc.request({ type: "rewind", entryId: "nope" });
    expect(unknown).toMatchObject({ success: false });
    expect(String(unknown.error)).toContain("get_checkpoints");
    expect(existsSync(file)).toBe(true);
    expect(await rpc.end()).toBe(0);
  });

  it("reports the files changed by others since the agent's tool calls (issue 34 item 11)", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    writeFileSync(path.join(box.cwd, "notes.txt"), "mine v1\n");
    const rpc = RpcProcess.start(box);
    mock.enqueue([
      toolCallResponse([{ name: "write", arguments: { path: "a.txt", content: "one\n" } }]),
      textResponse("wrote it"),
    ]);
    await promptAndWait(rpc, "first");
    writeFileSync(path.join(box.cwd, "notes.txt"), "mine v2\n");

    const listed = data(await rpc.request({ type: "get_checkpoints" }));
    const points = listed.checkpoints as {
      entryId: string;
      files: number;
      filesByOthers: number;
    }[];
    expect(points.map((point) => [point.files, point.filesByOthers])).toEqual([[2, 1]]);
    const dry = data(
      await rpc.request({
        type: "rewind",
        entryId: points[0]!.entryId,
        restore: "code",
        dryRun: true,
      }),
    );
    expect(dry.files).toEqual([
      { path: "a.txt", action: "remove", added: 0, removed: 1 },
      { path: "notes.txt", action: "restore", added: 1, removed: 1, byOthers: true },
    ]);
    const done = data(
      await rpc.request({ type: "rewind", entryId: points[0]!.entryId, restore: "code" }),
    );
    expect(done.notRestored).toEqual([]);
    expect(readFileSync(path.join(box.cwd, "notes.txt"), "utf8")).toBe("mine v1\n");
    expect(await rpc.end()).toBe(0);
  });
});

describe("gong-rpc — the HTML export after a conversation rewind", () => {
  it("names the model that answered on the path, not a model_change the rewind went back above", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    const rpc = RpcProcess.start(box, ["--model", "anthropic/claude-opus-5-5"]);
    mock.enqueue([
      textResponse("opus answers"),
      textResponse("sonnet answers"),
      textResponse("sonnet again"),
    ]);
    await promptAndWait(rpc, "first");
    const switched = await rpc.request({
      type: "set_model",
      provider: "anthropic",
      modelId: "claude-sonnet-5-5",
    });
    expect(switched.success).toBe(true);
    await promptAndWait(rpc, "second");
    const points = data(await rpc.request({ type: "get_checkpoints" })).checkpoints as {
      entryId: string;
    }[];
    // Back to before "first": the path keeps only the opening pick of opus.
    const rewound = await rpc.request({
      type: "rewind",
      entryId: points[0]!.entryId,
      restore: "conversation",
    });
    expect(rewound.success).toBe(true);
    await promptAndWait(rpc, "third");

    const out = await rpc.request({ type: "export_html", outputPath: "session.html" });
    expect(out.success).toBe(true);
    const html = readFileSync(path.join(box.cwd, "session.html"), "utf8");
    const main = html.slice(html.indexOf("<main>"));
    expect(main).toContain("sonnet again");
    expect(main).not.toContain("opus answers");
    const notices = [...main.matchAll(/Model changed to ([\w/.-]+)/g)].map((match) => match[1]);
    expect(notices).toEqual(["anthropic/claude-sonnet-5-5"]);
    expect(await rpc.end()).toBe(0);
  });
});

/** The session file's lines, parsed. */
function fileLines(file: string): Record<string, unknown>[] {
  return readFileSync(file, "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe("gong-rpc — a leaf move is an event the session file records (issue 36 item 3)", () => {
  it("a moved leaf is an event", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    const rpc = RpcProcess.start(box);
    mock.enqueue([textResponse("a1"), textResponse("a2")]);
    await promptAndWait(rpc, "first");
    await promptAndWait(rpc, "second");
    const before = data(await rpc.request({ type: "get_messages" }));
    const [q1, a1, q2] = before.entryIds as string[];
    const sessionFile = data(await rpc.request({ type: "get_state" })).sessionFile as string;

    const rewound = await rpc.request({ type: "rewind", entryId: q2, restore: "conversation" });
    expect(rewound.success).toBe(true);
    const moves = rpc.ofType("messages_replaced");
    expect(moves).toHaveLength(1);
    expect(moves[0]!.leafId).toBe(a1);
    expect((moves[0]!.messages as unknown[]).length).toBe(2);
    // The file records the same move: a `leaf` line naming the entry the event named.
    const leaves = fileLines(sessionFile).filter((line) => line.type === "leaf");
    expect(leaves.map((line) => line.targetId)).toEqual([a1]);

    // Back before the first message: to the entry above it (the opening model_change).
    await rpc.request({ type: "rewind", entryId: q1, restore: "conversation" });
    const above = fileLines(sessionFile).find((line) => line.id === q1)!.parentId;
    expect(rpc.ofType("messages_replaced").at(-1)).toMatchObject({ leafId: above, messages: [] });
    const lastLeaf = fileLines(sessionFile)
      .filter((line) => line.type === "leaf")
      .at(-1)!;
    expect(lastLeaf.targetId).toBe(above);
    expect(await rpc.end()).toBe(0);
  });

  it("a rewind records the running model where the branch last had another, so a resume keeps it", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    const rpc = RpcProcess.start(box, ["--model", "anthropic/claude-opus-5-5"]);
    mock.enqueue([textResponse("opus answers"), textResponse("sonnet answers")]);
    await promptAndWait(rpc, "first");
    const switched = await rpc.request({
      type: "set_model",
      provider: "anthropic",
      modelId: "claude-sonnet-5-5",
    });
    expect(switched.success).toBe(true);
    await promptAndWait(rpc, "second");
    const [q1] = data(await rpc.request({ type: "get_messages" })).entryIds as string[];
    const sessionFile = data(await rpc.request({ type: "get_state" })).sessionFile as string;
    // Back above "first", where the branch last names opus; the session goes on with sonnet.
    const rewound = await rpc.request({ type: "rewind", entryId: q1, restore: "conversation" });
    expect(rewound.success).toBe(true);
    const state = data(await rpc.request({ type: "get_state" }));
    expect((state.model as { id: string }).id).toBe("claude-sonnet-5-5");
    expect(await rpc.end()).toBe(0);

    const resumed = RpcProcess.start(box, ["--session", sessionFile]);
    const after = data(await resumed.request({ type: "get_state" }));
    expect((after.model as { id: string }).id).toBe("claude-sonnet-5-5");
    expect(await resumed.end()).toBe(0);
  });
});
