import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { afterEach, describe, expect, it } from "vitest";
import {
  errorResponse,
  type MockLlmServer,
  rateLimitResponse,
  startMockLlmServer,
  textResponse,
  toolCallResponse,
} from "../src/index.js";

let mock: MockLlmServer | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

/** Parses an SSE body into `{event, data}` records. */
function parseSse(text: string): { event?: string; data: string }[] {
  return text
    .split("\n\n")
    .filter((frame) => frame.trim())
    .map((frame) => {
      const event = /^event: (.*)$/m.exec(frame)?.[1];
      const data = /^data: (.*)$/m.exec(frame)?.[1] ?? "";
      return event === undefined ? { data } : { event, data };
    });
}

describe("mock LLM server", () => {
  it("listens on 127.0.0.1 with a random port and records every request", async () => {
    mock = await startMockLlmServer();
    expect(mock.anthropicBaseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(mock.openaiBaseUrl).toBe(`${mock.anthropicBaseUrl}/v1`);
    mock.enqueue(textResponse("hi"));
    await (
      await post(
        `${mock.anthropicBaseUrl}/v1/messages?beta=true`,
        { model: "m", stream: true },
        { "x-api-key": "k" },
      )
    ).text();
    expect(mock.requests).toEqual([
      expect.objectContaining({
        method: "POST",
        path: "/v1/messages",
        wire: "anthropic-messages",
        body: { model: "m", stream: true },
        headers: expect.objectContaining({ "x-api-key": "k" }),
      }),
    ]);
  });

  it("answers queued steps in order, then the fallback (a step or a function)", async () => {
    mock = await startMockLlmServer({ fallback: textResponse("default") });
    mock.enqueue([textResponse("one"), textResponse("two")]);
    const texts: string[] = [];
    for (let i = 0; i < 3; i++) {
      const frames = parseSse(
        await (await post(`${mock.openaiBaseUrl}/chat/completions`, { stream: true })).text(),
      );
      texts.push(
        frames
          .filter((f) => f.data !== "[DONE]")
          .map((f) => JSON.parse(f.data).choices[0]?.delta?.content ?? "")
          .join(""),
      );
    }
    expect(texts).toEqual(["one", "two", "default"]);
    mock.setFallback((request) =>
      textResponse(`echo ${(request.body as { model: string }).model}`),
    );
    const frames = parseSse(
      await (await post(`${mock.openaiBaseUrl}/chat/completions`, { model: "abc" })).text(),
    );
    expect(
      frames
        .map((f) =>
          f.data === "[DONE]" ? "" : (JSON.parse(f.data).choices[0]?.delta?.content ?? ""),
        )
        .join(""),
    ).toBe("echo abc");
  });

  it("with nothing queued and no fallback, a 500 says so", async () => {
    mock = await startMockLlmServer();
    const response = await post(`${mock.openaiBaseUrl}/responses`, {});
    expect(response.status).toBe(500);
    expect(await response.text()).toContain("no scripted response queued for POST /v1/responses");
  });

  it("unknown paths are 404", async () => {
    mock = await startMockLlmServer();
    expect((await post(`${mock.openaiBaseUrl}/embeddings`, {})).status).toBe(404);
  });

  it("error steps send status, headers and the provider's error JSON (or a raw body)", async () => {
    mock = await startMockLlmServer();
    mock.enqueue([
      rateLimitResponse(5),
      rateLimitResponse(5),
      errorResponse(413, undefined, { body: "" }),
    ]);
    const anthropic = await post(`${mock.anthropicBaseUrl}/v1/messages`, {});
    expect(anthropic.status).toBe(429);
    expect(anthropic.headers.get("retry-after")).toBe("5");
    expect(await anthropic.json()).toEqual({
      type: "error",
      error: { type: "rate_limit_error", message: expect.stringContaining("Rate limit") },
    });
    const openai = await post(`${mock.openaiBaseUrl}/chat/completions`, {});
    expect(((await openai.json()) as { error: unknown }).error).toMatchObject({
      type: "rate_limit_error",
      message: expect.any(String),
    });
    const empty = await post(`${mock.openaiBaseUrl}/chat/completions`, {});
    expect(empty.status).toBe(413);
    expect(await empty.text()).toBe("");
  });

  it("Anthropic wire: message_start … ping … split input_json_delta … message_stop", async () => {
    mock = await startMockLlmServer();
    mock.enqueue(
      toolCallResponse([{ id: "toolu_1", name: "read", arguments: { path: "/a/long/path.ts" } }], {
        chunkSize: 4,
      }),
    );
    const frames = parseSse(
      await (await post(`${mock.anthropicBaseUrl}/v1/messages`, { model: "m" })).text(),
    );
    const names = frames.map((f) => f.event);
    expect(names[0]).toBe("message_start");
    expect(names).toContain("ping");
    expect(names.slice(-2)).toEqual(["message_delta", "message_stop"]);
    const partials = frames
      .map((f) => JSON.parse(f.data))
      .filter((d) => d.delta?.type === "input_json_delta")
      .map((d) => d.delta.partial_json);
    expect(partials.length).toBeGreaterThan(3);
    expect(JSON.parse(partials.join(""))).toEqual({ path: "/a/long/path.ts" });
    expect(JSON.parse(frames.at(-2)!.data).delta.stop_reason).toBe("tool_use");
  });

  it("Chat Completions wire: usage chunk only when stream_options.include_usage, then [DONE]", async () => {
    mock = await startMockLlmServer();
    mock.enqueue([textResponse("a", { usage: { input: 5, output: 1 } }), textResponse("a")]);
    const withUsage = parseSse(
      await (
        await post(`${mock.openaiBaseUrl}/chat/completions`, {
          stream_options: { include_usage: true },
        })
      ).text(),
    );
    const without = parseSse(
      await (await post(`${mock.openaiBaseUrl}/chat/completions`, {})).text(),
    );
    expect(withUsage.at(-1)!.data).toBe("[DONE]");
    expect(JSON.parse(withUsage.at(-2)!.data).usage).toMatchObject({
      prompt_tokens: 5,
      completion_tokens: 1,
    });
    expect(without.some((f) => f.data.includes('"usage"'))).toBe(false);
  });

  it("drop after N events cuts the connection; a stalled stream does not block close()", async () => {
    mock = await startMockLlmServer();
    mock.enqueue([
      textResponse("abcdefghij", { chunkSize: 1, dropAfterEvents: 3 }),
      textResponse("x", { stallAfterEvents: 1 }),
    ]);
    const dropped = await post(`${mock.openaiBaseUrl}/chat/completions`, {});
    await expect(dropped.text()).rejects.toThrow();
    const stalled = await post(`${mock.openaiBaseUrl}/chat/completions`, {});
    expect(stalled.status).toBe(200);
    const started = Date.now();
    await mock.close();
    mock = undefined;
    expect(Date.now() - started).toBeLessThan(60_000); // a held connection would hang it
  });

  it("a paced stream (eventDelayMs + eventsPerDelay) sends every event in order, the last partial batch too", async () => {
    mock = await startMockLlmServer();
    const text = "x".repeat(203);
    mock.enqueue(textResponse(text, { chunkSize: 2 }));
    mock.enqueue(textResponse(text, { chunkSize: 2, eventDelayMs: 1, eventsPerDelay: 7 }));
    const body = { model: "m", stream: true, messages: [] };
    const unpaced = await (await post(`${mock.openaiBaseUrl}/chat/completions`, body)).text();
    const paced = await (await post(`${mock.openaiBaseUrl}/chat/completions`, body)).text();
    const strip = (sse: string) => sse.replace(/"(id|created)":("[^"]*"|\d+)/g, "");
    expect(parseSse(paced).length).toBeGreaterThan(100);
    expect(strip(paced)).toBe(strip(unpaced));
  });

  it("runs as a separate process (gong-mock-llm) with a script, stdin steps and a request log", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gong-mock-"));
    writeFileSync(
      join(dir, "script.json"),
      JSON.stringify({ queue: [textResponse("scripted")], fallback: textResponse("fallback") }),
    );
    const cli = join(import.meta.dirname, "../dist/cli.js");
    const child = spawn(
      process.execPath,
      [cli, "--script", join(dir, "script.json"), "--record", join(dir, "log.jsonl")],
      { stdio: ["pipe", "pipe", "pipe"] },
    );
    let stderr = "";
    child.stderr!.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    try {
      const stdoutLines = createInterface({ input: child.stdout! });
      const nextLine = () => new Promise<string>((resolve) => stdoutLines.once("line", resolve));
      const firstLine = await nextLine();
      const { openaiBaseUrl } = JSON.parse(firstLine) as { openaiBaseUrl: string };
      const read = async () =>
        parseSse(await (await post(`${openaiBaseUrl}/chat/completions`, { model: "x" })).text())
          .filter((f) => f.data !== "[DONE]")
          .map((f) => JSON.parse(f.data).choices[0]?.delta?.content ?? "")
          .join("");
      expect(await read()).toBe("scripted");
      expect(await read()).toBe("fallback");
      const acknowledged = nextLine();
      child.stdin!.write("{ not json\n");
      child.stdin!.write(`${JSON.stringify(textResponse("from stdin"))}\n`);
      expect(JSON.parse(await acknowledged)).toEqual({ queued: 1 });
      expect(stderr).toMatch(/^gong-mock-llm: stdin line skipped, not JSON/);
      expect(await read()).toBe("from stdin");
      const log = readFileSync(join(dir, "log.jsonl"), "utf8").trim().split("\n");
      expect(log).toHaveLength(3);
      expect(JSON.parse(log[0]!)).toMatchObject({
        path: "/v1/chat/completions",
        body: { model: "x" },
      });
    } finally {
      child.kill("SIGTERM");
    }
  });
});
