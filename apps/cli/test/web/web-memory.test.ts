import { readFileSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { textResponse } from "@gong/testing";
import { gongSandbox, useMockLlmServer } from "@gong/testing/vitest";
import { afterEach, describe, expect, it } from "vitest";
import { MAX_TABS } from "../../src/web/event-log.js";
import { runGong } from "../harness.js";
import { type GongWeb, loginCookie, GongWeb as Web } from "./web-harness.js";

const mock = useMockLlmServer();

const sockets: Socket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.destroy();
});

/** The resident memory of a process, in bytes (Linux). */
function residentBytes(pid: number): number {
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return Number(kb) * 1024;
}

/**
 * An event stream that never reads past its first chunk (a stalled tab): its status and
 * that chunk. Everything else the server sends it stays queued in the server.
 */
function stalledStream(web: GongWeb, cookie: string): Promise<{ status: number; first: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(web.url.port), "127.0.0.1");
    sockets.push(socket);
    socket.once("data", (chunk: Buffer) => {
      socket.pause();
      const first = chunk.toString("utf8");
      resolve({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(first)?.[1]), first });
    });
    socket.on("error", reject);
    socket.write(`GET /events HTTP/1.1\r\nHost: ${web.url.host}\r\nCookie: ${cookie}\r\n\r\n`);
  });
}

describe.runIf(process.platform === "linux")("gong web — many tabs on a large session", () => {
  it("100 stalled streams of a 10 MB session: one shared snapshot, the streams past the cap refused (429), memory bounded", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    const snapshotSize = 10 * 2 ** 20;
    mock.enqueue([textResponse("read it")]);
    const run = await runGong(["-p"], box, { input: "x".repeat(snapshotSize), timeoutMs: 120_000 });
    expect(run.code, run.stderr).toBe(0);
    const web = await Web.start(box, ["-c"]);
    const cookie = await loginCookie(web);

    // The first stream makes the snapshot; what the others add is measured.
    expect((await stalledStream(web, cookie)).status).toBe(200);
    const before = residentBytes(web.child.pid!);
    const streams = await Promise.all(Array.from({ length: 99 }, () => stalledStream(web, cookie)));
    const grown = residentBytes(web.child.pid!) - before;

    const statuses = streams.map((stream) => stream.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(MAX_TABS - 1);
    expect(statuses.filter((status) => status === 429)).toHaveLength(100 - MAX_TABS);
    const refused = streams.find((stream) => stream.status === 429)!;
    expect(refused.first).toContain("too many open event streams");
    // Without sharing, every stream held its own copy (and the conversion's): ≥ 19 × 10 MB.
    expect(grown).toBeLessThan(3 * snapshotSize);
    expect(web.child.exitCode).toBeNull();
  });
});
