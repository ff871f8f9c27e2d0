import { randomBytes } from "node:crypto";
import { readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { crc32, deflateSync } from "node:zlib";
import { textResponse, toolCallResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { jsonLines, runGong, sandbox, sessionFiles } from "./harness.js";

const mock = useMockLlmServer();

function sessionFile(gongHome: string): string {
  const files = sessionFiles(gongHome);
  expect(files).toHaveLength(1);
  return files[0]!;
}

/** The message entries of a session file, as written. */
function storedMessages(file: string): Record<string, unknown>[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((record) => record.type === "message")
    .map((record) => record.message as Record<string, unknown>);
}

describe("data loss — finished message on disk before tools run", () => {
  it("a kill -9 during a long bash keeps the assistant turn, and -c reports the call as interrupted", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue(
      toolCallResponse([{ id: "toolu_sleep", name: "bash", arguments: { command: "sleep 30" } }], {
        text: "Waiting a while.",
      }),
    );
    // Killed as soon as it says the tool started: nothing after that point ever runs.
    const killed = await runGong(["--mode", "json", "-p", "wait for it"], box, {
      onSpawn: (child) => {
        let seen = "";
        child.stdout?.on("data", (chunk: string) => {
          seen += chunk;
          if (seen.includes('"type":"tool_execution_start"')) child.kill("SIGKILL");
        });
      },
    });
    expect(killed.code).toBeNull();
    const stored = storedMessages(sessionFile(box.gongHome));
    expect(stored.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(stored[1]!.content).toContainEqual(
      expect.objectContaining({ type: "toolCall", id: "toolu_sleep" }),
    );

    mock.enqueue(textResponse("The sleep was interrupted."));
    const resumed = await runGong(["-c", "-p", "next"], box);
    expect(resumed.code).toBe(0);
    const sent = (mock.requests[1]!.body as { messages: { role: string; content: unknown }[] })
      .messages;
    expect(sent.map((m) => m.role)).toEqual(["user", "assistant", "user", "user"]);
    // The interrupted call gets its answer right after it, then comes the new prompt.
    expect(sent[3]!.content).toEqual([expect.objectContaining({ type: "text", text: "next" })]);
    expect(sent[2]!.content).toContainEqual(
      expect.objectContaining({ type: "tool_result", tool_use_id: "toolu_sleep", is_error: true }),
    );
    expect(JSON.stringify(sent[2]!.content)).toContain("interrupted");
  });
});

describe("data loss — json mode is linear in the answer", () => {
  it("a 64 KB answer in 4 000 deltas: output < 3× the answer plus a per-event constant; deltas add up to the text", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const answer = Array.from({ length: 4096 }, (_, i) => `${i}`.padStart(15, "·")).join("\n");
    mock.enqueue(textResponse(answer, { chunkSize: 16, ping: false }));
    const run = await runGong(["--mode", "json", "-p", "say a lot"], box);
    expect(run.code).toBe(0);
    const lines = jsonLines(run.stdout);
    const deltas = lines.filter(
      (l) =>
        l.type === "message_update" &&
        (l.assistantMessageEvent as { type: string }).type === "text_delta",
    );
    expect(deltas.length).toBeGreaterThanOrEqual(4000);
    const answerBytes = Buffer.byteLength(answer);
    const perEvent = 200;
    expect(Buffer.byteLength(run.stdout)).toBeLessThan(3 * answerBytes + perEvent * lines.length);
    const streamed = deltas.map((l) => (l.assistantMessageEvent as { delta: string }).delta);
    const end = lines.findLast(
      (l) => l.type === "message_end" && (l.message as { role: string }).role === "assistant",
    )!;
    const content = (end.message as { content: { type: string; text: string }[] }).content;
    expect(streamed.join("")).toBe(content.map((p) => p.text).join(""));
    expect(streamed.join("")).toBe(answer);
    // The update names the content block it extends and nothing else.
    expect(Object.keys(deltas[0]!).sort()).toEqual(["assistantMessageEvent", "type"]);
    expect(deltas[0]!.assistantMessageEvent).toEqual({
      type: "text_delta",
      contentIndex: 0,
      delta: answer.slice(0, 16),
    });
  });
});

describe("data loss — each tool output is stored once", () => {
  it("a 40 KB read is one session line under 50 KB, and -c sends the model the same result", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const content = Array.from({ length: 400 }, (_, i) => `line ${i} ${"x".repeat(92)}`).join("\n");
    writeFileSync(path.join(box.cwd, "big.txt"), `${content}\n`);
    mock.enqueue([
      toolCallResponse([{ id: "toolu_read", name: "read", arguments: { path: "big.txt" } }]),
      textResponse("Read it."),
    ]);
    const run = await runGong(["--mode", "json", "-p", "read big.txt"], box);
    expect(run.code).toBe(0);
    const file = sessionFile(box.gongHome);
    const line = readFileSync(file, "utf8")
      .split("\n")
      .find((l) => l.includes('"role":"toolResult"'))!;
    expect(Buffer.byteLength(line)).toBeGreaterThan(40_000);
    expect(Buffer.byteLength(line)).toBeLessThan(50_000);

    mock.enqueue(textResponse("Still the same."));
    expect((await runGong(["-c", "-p", "again"], box)).code).toBe(0);
    // The model gets the result it got before the restart (the cache marker aside).
    const toolResultSent = (request: number) => {
      const body = mock.requests[request]!.body as { messages: { content: object[] }[] };
      const { cache_control: _, ...block } = body.messages[2]!.content[0] as Record<
        string,
        unknown
      >;
      return block;
    };
    expect(toolResultSent(2)).toEqual(toolResultSent(1));
    expect(toolResultSent(1)).toMatchObject({ tool_use_id: "toolu_read", is_error: false });
    expect(JSON.stringify(toolResultSent(1))).toContain(JSON.stringify(content).slice(1, -1));
  });
});

describe("data loss — a big write's result line stands alone (issue 36 item 4)", () => {
  it("a 200 KB single-line write: its result line holds the arguments itself, and -c resumes", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const content = "x".repeat(200_000);
    mock.enqueue([
      toolCallResponse([
        { id: "toolu_write", name: "write", arguments: { path: "big.txt", content } },
      ]),
      textResponse("Wrote it."),
    ]);
    const run = await runGong(["-p", "write big.txt"], box);
    expect(run.code).toBe(0);
    const file = sessionFile(box.gongHome);
    // The call's arguments and the result's params_input: no line refers to another.
    const result = storedMessages(file).find((m) => m.role === "toolResult")!;
    expect(result.details).toMatchObject({
      context: { params_input: { path: "big.txt", content } },
    });

    mock.enqueue(textResponse("Still there."));
    const resumed = await runGong(["-c", "-p", "again"], box);
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toBe("");
  });
});

/** A PNG of random grey pixels: it does not compress, so the file is about width × height. */
function noisePng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth; colour type 0: greyscale
  const rows = Array.from({ length: height }, () =>
    Buffer.concat([Buffer.from([0]), randomBytes(width)]),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe("data loss — an image a tool returns is stored once", () => {
  it("reading a 640 KB PNG stores its base64 once (not again in data.images), and -c sends the same image", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const png = noisePng(800, 800);
    writeFileSync(path.join(box.cwd, "noise.png"), png);
    mock.enqueue([
      toolCallResponse([{ id: "toolu_img", name: "read", arguments: { path: "noise.png" } }]),
      textResponse("A noisy picture."),
    ]);
    const run = await runGong(["-p", "look at noise.png"], box);
    expect(run.code).toBe(0);
    const base64Bytes = Math.ceil(png.length / 3) * 4;
    // Before: the content's image and data.images, twice the base64.
    expect(statSync(sessionFile(box.gongHome)).size).toBeLessThan(base64Bytes * 1.2);

    mock.enqueue(textResponse("Still noisy."));
    expect((await runGong(["-c", "-p", "again"], box)).code).toBe(0);
    const imageSent = (request: number) =>
      JSON.stringify((mock.requests[request]!.body as { messages: unknown[] }).messages[2]);
    expect(imageSent(2)).toContain(png.toString("base64").slice(0, 1000));
    expect(imageSent(2).length).toBeGreaterThan(base64Bytes);
  });
});
