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
