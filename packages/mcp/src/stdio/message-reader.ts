/**
 * Newline-delimited JSON-RPC from a stdio server's stdout, one message per line, with a
 * bound on a line's size. The SDK's reader throws away its buffer and the transport
 * closes when a message passes 10 MB — the server restarted, the user told it "exited"
 * (issue 34.8). Here an oversized line is skipped to its end while only its first and
 * last bytes are kept: they name the request it answers (gong's ids are numbers, the
 * `id` key comes first or last in practice), so that one call fails with the reason
 * and the server keeps running (message-reader.test.ts).
 */
import { deserializeMessage } from "@modelcontextprotocol/sdk/shared/stdio.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";

/** The SDK's own bound for one stdio message. */
export const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

/** Bytes kept from each end of an oversized line: enough for `{"jsonrpc":"2.0","id":123,`. */
const EDGE_BYTES = 256;

export type ReadItem =
  | { kind: "message"; message: JSONRPCMessage }
  | { kind: "invalid"; error: Error }
  /**
   * A line over the limit, dropped. `responseTo`: the id of the request it answers,
   * when it is a response and the id could be read; `request`: the server's own request
   * or notification (it has a `method`).
   */
  | { kind: "oversized"; bytes: number; responseTo: number | undefined; request: boolean };

export class MessageReader {
  private parts: Buffer[] = [];
  private bytes = 0;
  /** Set while skipping an oversized line: its first bytes and (rolling) last bytes. */
  private skipped: { head: Buffer; tail: Buffer } | undefined;

  constructor(private readonly maxBytes = MAX_MESSAGE_BYTES) {}

  /** The complete lines in `chunk` (with what came before it), in order. */
  push(chunk: Buffer): ReadItem[] {
    const items: ReadItem[] = [];
    let rest = chunk;
    for (;;) {
      const newline = rest.indexOf(0x0a);
      this.take(newline < 0 ? rest : rest.subarray(0, newline));
      if (newline < 0) return items;
      const item = this.endLine();
      if (item) items.push(item);
      rest = rest.subarray(newline + 1);
    }
  }

  private take(part: Buffer): void {
    if (part.length === 0) return;
    this.bytes += part.length;
    if (this.skipped) {
      this.skipped.tail = lastBytes(Buffer.concat([this.skipped.tail, part]));
      return;
    }
    this.parts.push(part);
    if (this.bytes <= this.maxBytes) return;
    // Over the limit: keep the edges only, the rest is not held in memory.
    const line = Buffer.concat(this.parts);
    this.skipped = { head: line.subarray(0, EDGE_BYTES), tail: lastBytes(line) };
    this.parts = [];
  }

  private endLine(): ReadItem | undefined {
    const { skipped, bytes } = this;
    const line = skipped ? undefined : Buffer.concat(this.parts).toString("utf8");
    this.parts = [];
    this.bytes = 0;
    this.skipped = undefined;
    if (skipped) return oversized(bytes, skipped.head, skipped.tail);
    const text = line?.replace(/\r$/, "") ?? "";
    if (text.trim() === "") return undefined;
    try {
      return { kind: "message", message: deserializeMessage(text) };
    } catch (error) {
      return { kind: "invalid", error: error instanceof Error ? error : new Error(String(error)) };
    }
  }
}

function lastBytes(buffer: Buffer): Buffer {
  return buffer.length <= EDGE_BYTES ? buffer : buffer.subarray(buffer.length - EDGE_BYTES);
}

/** `{"jsonrpc":"2.0",` before the first key, as the SDK and most servers write it. */
const PREFIX = String.raw`^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?`;
const METHOD_FIRST = new RegExp(`${PREFIX}"method"\\s*:`);
const ID_FIRST = new RegExp(`${PREFIX}"id"\\s*:\\s*(\\d+)\\s*,`);
/** The top-level object's last member: the line ends right after it. */
const ID_LAST = /[,{]\s*"id"\s*:\s*(\d+)\s*\}\s*\r?$/;

function oversized(bytes: number, head: Buffer, tail: Buffer): ReadItem {
  const start = head.toString("latin1");
  const request = METHOD_FIRST.test(start);
  const id = request ? undefined : (ID_FIRST.exec(start) ?? ID_LAST.exec(tail.toString("latin1")));
  return { kind: "oversized", bytes, responseTo: id ? Number(id[1]) : undefined, request };
}
