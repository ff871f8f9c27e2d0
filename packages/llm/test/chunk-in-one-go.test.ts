import { startMockLlmServer, textResponse, toolCallResponse } from "@gong/testing";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type Api, stream } from "../src/index.js";
import { mockModel, userMessage } from "./helpers.js";

// The SDKs' own stream readers are async generators inside async generators: several
// microtask hops for every server-sent event (the adapters cost 1.07-1.22x the bare SDK).
// The adapters decode the body themselves (sse-decoder.ts) and handle every event of a
// chunk in one go when nobody is waiting for them. Counted in microtask turns, not in
// milliseconds: the same on a loaded machine as on an idle one.

const APIS: Api[] = ["anthropic-messages", "openai-completions", "openai-responses"];
const DELTAS = 500;

let mock: Awaited<ReturnType<typeof startMockLlmServer>>;
beforeAll(async () => {
  mock = await startMockLlmServer();
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await mock.close();
});

const baseUrl = (api: Api) =>
  api === "anthropic-messages" ? mock.anthropicBaseUrl : mock.openaiBaseUrl;

/** The mock's whole answer for `api`, as bytes, read through a real request. */
async function recordAnswer(api: Api, step: ReturnType<typeof textResponse>): Promise<Uint8Array> {
  mock.enqueue(step);
  const realFetch = globalThis.fetch;
  let bytes: Uint8Array | undefined;
  vi.stubGlobal("fetch", async (input: string | URL | Request, init?: RequestInit) => {
    const response = await realFetch(input, init);
    bytes = new Uint8Array(await response.arrayBuffer());
    return new Response(bytes, { status: response.status, headers: response.headers });
  });
  try {
    const message = await stream(
      mockModel(api, baseUrl(api)),
      { messages: [userMessage("go")] },
      { apiKey: "k" },
    ).result();
    expect(message.stopReason, message.errorMessage).not.toBe("error");
  } finally {
    vi.stubGlobal("fetch", realFetch);
  }
  if (!bytes) throw new Error("no request was sent");
  return bytes;
}

/**
 * Replays `bytes` as one chunk to an adapter whose consumer reads only at the end, and
 * counts the microtask turns from the request to the final message.
 */
async function microtaskTurns(api: Api, bytes: Uint8Array): Promise<number> {
  const realFetch = globalThis.fetch;
  let turns = 0;
  let settled = false;
  let counting: Promise<void> | undefined;
  vi.stubGlobal("fetch", async () => {
    counting = (async () => {
      while (!settled && turns < 1_000_000) {
        turns++;
        await Promise.resolve();
      }
    })();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes);
        controller.close();
      },
    });
    return new Response(body, { headers: { "content-type": "text/event-stream" } });
  });
  try {
    const message = await stream(
      mockModel(api, baseUrl(api)),
      { messages: [userMessage("go")] },
      { apiKey: "k" },
    ).result();
    settled = true;
    await counting;
    expect(message.stopReason, message.errorMessage).not.toBe("error");
  } finally {
    vi.stubGlobal("fetch", realFetch);
  }
  return turns;
}

describe("adapters — a chunk's events are handled in one go, not a microtask hop per event", () => {
  for (const api of APIS) {
    it(`${api}: ${DELTAS} text deltas in one chunk take far fewer turns than events`, async () => {
      const bytes = await recordAnswer(api, textResponse("x".repeat(DELTAS), { chunkSize: 1 }));
      expect(await microtaskTurns(api, bytes)).toBeLessThan(DELTAS / 5);
    });

    it(`${api}: ${DELTAS} tool-argument deltas in one chunk take far fewer turns than events`, async () => {
      const args = { path: "a.ts", content: "y".repeat(DELTAS * 4) };
      const bytes = await recordAnswer(
        api,
        toolCallResponse([{ name: "write", arguments: args }], { chunkSize: 4 }),
      );
      expect(await microtaskTurns(api, bytes)).toBeLessThan(DELTAS / 5);
    });
  }
});
