import { describe, expect, it } from "vitest";
import { MAX_EVENT_BYTES, type RgEvent, RgJsonStream } from "../src/search/rg-json-stream.js";

/** Feeds `output` in chunks of `size` bytes and collects the events. */
function parse(output: string, size: number): RgEvent[] {
  const events: RgEvent[] = [];
  const stream = new RgJsonStream((event) => events.push(event));
  const bytes = Buffer.from(output);
  for (let at = 0; at < bytes.length; at += size) stream.push(bytes.subarray(at, at + size));
  stream.end();
  return events;
}

const match = (text: string, submatches: number) =>
  JSON.stringify({
    type: "match",
    data: {
      path: { text: 'dir/a "b".txt' },
      lines: { text },
      line_number: 4242,
      absolute_offset: 0,
      submatches: Array.from({ length: submatches }, (_, i) => ({
        match: { text: "x" },
        start: i,
        end: i + 1,
      })),
    },
  });

describe("bad input item 2 — rg --json read with a cap per event", () => {
  it("short events are parsed whole, across any chunk boundary", () => {
    const output = `${JSON.stringify({ type: "begin", data: { path: { text: "a" } } })}\n${match("hi\n", 1)}\n`;
    for (const size of [1, 7, 4096]) {
      const events = parse(output, size);
      expect(events.map((event) => event.type)).toEqual(["begin", "match"]);
      expect(events[1]!.data?.lines?.text).toBe("hi\n");
    }
  });

  it("a line longer than the cap keeps its type, path, start and line number — quotes, backslashes and 50 000 submatches after it", () => {
    const text = `${'a"\\'.repeat(MAX_EVENT_BYTES)}\n`;
    const output = `${match(text, 50_000)}\n${JSON.stringify({ type: "end", data: {} })}\n`;
    for (const size of [65_536, 99_991]) {
      const events = parse(output, size);
      expect(events.map((event) => event.type)).toEqual(["match", "end"]);
      const [long] = events;
      expect(long!.data?.path?.text).toBe('dir/a "b".txt');
      expect(long!.data?.line_number).toBe(4242);
      expect(text.startsWith(long!.data!.lines!.text!)).toBe(true);
      expect(long!.data!.lines!.text!.length).toBeGreaterThan(500);
    }
  });

  it("a long line sent as base64 bytes keeps whole groups of 4", () => {
    const bytes = Buffer.alloc(MAX_EVENT_BYTES, 0xff).toString("base64");
    const line = JSON.stringify({
      type: "context",
      data: { path: { text: "b" }, lines: { bytes }, line_number: 7 },
    });
    const [event] = parse(`${line}\n`, 65_536);
    expect(event!.data?.line_number).toBe(7);
    expect(event!.data!.lines!.bytes!.length % 4).toBe(0);
  });
});
