import { describe, expect, it } from "vitest";
import { type ServerSentEvent, SseDecoder } from "../src/providers/sse-decoder.js";

const bytes = (text: string) => new TextEncoder().encode(text);

/** Feeds `chunks` one by one and collects every event, the end included. */
function decodeAll(chunks: (string | Uint8Array)[]): ServerSentEvent[] {
  const decoder = new SseDecoder();
  const events: ServerSentEvent[] = [];
  for (const chunk of chunks)
    events.push(...decoder.push(typeof chunk === "string" ? bytes(chunk) : chunk));
  events.push(...decoder.end());
  return events;
}

describe("SseDecoder", () => {
  it("splits events on blank lines with \\n, \\r\\n and \\r line endings", () => {
    for (const eol of ["\n", "\r\n", "\r"]) {
      const text = `event: a${eol}data: {"x":1}${eol}${eol}event: b${eol}data: 2${eol}${eol}`;
      expect(decodeAll([text])).toEqual([
        { event: "a", data: '{"x":1}' },
        { event: "b", data: "2" },
      ]);
    }
  });

  it("joins data lines, drops one space after the colon, skips comments and other fields", () => {
    const text = ": keep-alive\nid: 7\nevent:tight\ndata:  two spaces\ndata: more\nretry: 5\n\n";
    expect(decodeAll([text])).toEqual([{ event: "tight", data: " two spaces\nmore" }]);
  });

  it("gives the same events however the bytes are cut (a \\r\\n or a character split)", () => {
    const text = "\ufeffevent: é\r\ndata: 搜索\r\n\r\nevent: last\r\ndata: x\r\n\r\n";
    const all = bytes(text);
    const expected = decodeAll([all]);
    expect(expected).toEqual([
      { event: "é", data: "搜索" },
      { event: "last", data: "x" },
    ]);
    for (let cut = 1; cut < all.length; cut++) {
      expect(decodeAll([all.subarray(0, cut), all.subarray(cut)])).toEqual(expected);
    }
  });

  it("data without an event name has event null; an unfinished event at the end is dropped", () => {
    expect(decodeAll(["data: 1\n\nevent: cut\ndata: 2"])).toEqual([{ event: null, data: "1" }]);
    expect(decodeAll(["data: 1\n\nevent: ended\ndata: 2\n"])).toEqual([{ event: null, data: "1" }]);
    expect(decodeAll(["event: ended\ndata: 2\n\r"])).toEqual([{ event: "ended", data: "2" }]);
  });
});
