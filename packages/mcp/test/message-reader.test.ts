import { describe, expect, it } from "vitest";
import { MessageReader } from "../src/stdio/message-reader.ts";

const line = (value: unknown) => Buffer.from(`${JSON.stringify(value)}\n`);

describe("stdio message reader — one message per line, a bound on a line (issue 34.8)", () => {
  it("reads messages split across chunks and several in one chunk", () => {
    const reader = new MessageReader(1000);
    const both = Buffer.concat([
      line({ jsonrpc: "2.0", id: 1, result: {} }),
      line({ jsonrpc: "2.0", method: "notifications/progress" }),
    ]);
    expect(reader.push(both.subarray(0, 10))).toEqual([]);
    const items = reader.push(both.subarray(10));
    expect(items.map((item) => item.kind)).toEqual(["message", "message"]);
  });

  it("an oversized answer is dropped and names the request it answers, id last or first", () => {
    const reader = new MessageReader(100);
    const big = "x".repeat(500);
    const last = reader.push(line({ result: { text: big }, jsonrpc: "2.0", id: 7 }));
    expect(last).toEqual([
      { kind: "oversized", bytes: expect.any(Number), responseTo: 7, request: false },
    ]);
    const first = reader.push(line({ jsonrpc: "2.0", id: 8, result: { text: big } }));
    expect(first).toMatchObject([{ kind: "oversized", responseTo: 8, request: false }]);
    // The next message reads normally: nothing of the big one is left behind.
    expect(reader.push(line({ jsonrpc: "2.0", id: 9, result: {} }))).toMatchObject([
      { kind: "message", message: { id: 9 } },
    ]);
  });

  it("an id inside the result is not taken for the answer's own", () => {
    const reader = new MessageReader(100);
    const items = reader.push(
      line({ result: { items: [{ id: 3 }], text: "x".repeat(500) }, jsonrpc: "2.0" }),
    );
    expect(items).toMatchObject([{ kind: "oversized", responseTo: undefined, request: false }]);
  });

  it("an oversized request or notification from the server is marked as one", () => {
    const reader = new MessageReader(100);
    const items = reader.push(
      line({ method: "notifications/message", params: { data: "x".repeat(500) }, jsonrpc: "2.0" }),
    );
    expect(items).toMatchObject([{ kind: "oversized", responseTo: undefined, request: true }]);
  });

  it("a line that is not JSON-RPC is reported, and the next one still reads", () => {
    const reader = new MessageReader(1000);
    const items = reader.push(
      Buffer.concat([Buffer.from("not json\n"), line({ jsonrpc: "2.0", id: 1, result: {} })]),
    );
    expect(items.map((item) => item.kind)).toEqual(["invalid", "message"]);
  });
});
