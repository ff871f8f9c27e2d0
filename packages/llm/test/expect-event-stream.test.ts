import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { expectEventStream } from "../src/providers/expect-event-stream.js";

// Bench "resume -c, 50 000 entries": fetch kept a second copy of every request body (a
// tee of a clone of the request) in case the server redirects; 30 % of fetch's time for a
// 30 MB context. A provider never redirects, so the request goes out without it, and a
// server that does redirect gets the request again as plain fetch sends it.

let server: http.Server;
let origin: string;
const hits: string[] = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    hits.push(request.url ?? "");
    request.resume();
    request.on("end", () => {
      if (request.url === "/moved") {
        response.writeHead(307, { location: "/stream" });
        response.end();
        return;
      }
      response.writeHead(200, { "content-type": "text/event-stream" });
      response.end("event: ping\ndata: {}\n\n");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const post = (): RequestInit => ({ method: "POST", body: JSON.stringify({ messages: ["hi"] }) });

/** A fetch's outcome, comparable across two calls: the status, or the error's message. */
async function outcome(sent: Promise<Response>): Promise<string> {
  try {
    const response = await sent;
    await response.text();
    return `status ${response.status}`;
  } catch (error) {
    const cause = (error as { cause?: Error }).cause;
    return `error ${(error as Error).message}: ${cause?.message ?? ""}`;
  }
}

describe("expectEventStream — a request body is sent without fetch's copy for redirects", () => {
  it("asks fetch not to follow redirects and gives no window, so the request is not cloned", async () => {
    const spy = vi.spyOn(globalThis, "fetch");
    try {
      const response = await expectEventStream("anthropic-messages", origin)(
        `${origin}/stream`,
        post(),
      );
      expect(await response.text()).toContain("event: ping");
      expect(spy).toHaveBeenCalledTimes(1);
      expect(spy.mock.calls[0]?.[1]).toMatchObject({ redirect: "error", window: null });
    } finally {
      spy.mockRestore();
    }
  });

  it("a server that redirects gets the request again, ending as plain fetch ends", async () => {
    hits.length = 0;
    const plain = await outcome(fetch(`${origin}/moved`, { ...post(), body: Buffer.from("{}") }));
    const plainHits = hits.filter((url) => url === "/moved").length;
    hits.length = 0;
    const ours = await outcome(
      expectEventStream("anthropic-messages", origin)(`${origin}/moved`, post()),
    );
    expect(ours).toBe(plain);
    // The first attempt met the redirect; the second is plain fetch's own.
    expect(hits.filter((url) => url === "/moved")).toHaveLength(plainHits + 1);
  });
});
