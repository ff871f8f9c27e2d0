/**
 * The page's event stream (Server-Sent Events): every protocol line gets the next
 * number as its SSE id and goes to every open tab. A tab that connects gets a
 * `web_snapshot` (the session header and its messages at a point where they were
 * settled) and every line after it; a tab that reconnects sends `Last-Event-ID` and
 * gets only what it missed — or, when that is older than the snapshot, the snapshot
 * again, which the page takes as "start over". Either way no line reaches a tab twice.
 *
 * The snapshot moves forward (and the lines before it are dropped) when a session is
 * announced, and after a run once many lines have gathered: at a run's end the
 * session's messages hold everything its events said. Within a run, the deltas of an
 * answer are dropped once its `message_end` (which carries the whole message) is kept,
 * and a command's output updates once its call ended, so what a new tab replays grows
 * with the messages, not with the deltas.
 *
 * Memory stays bounded whatever the tabs do: the snapshot is serialised once per
 * version and the same Buffer goes to every tab (dropped when the last tab closes),
 * lines are Buffers shared the same way, at most MAX_TABS streams are open at once,
 * and a tab that stops taking what is sent is dropped (see MAX_UNSENT_BYTES).
 * Pinned by web-memory.test.ts.
 */
import type { ServerResponse } from "node:http";
import type { Message } from "@gong/runtime";

/** Lines kept after the snapshot before it is moved at the next run's end. */
const REBASE_AFTER_LINES = 5_000;

/**
 * A tab whose connection has not taken this much yet (a stalled socket) is dropped
 * rather than buffered for without bound: its browser reconnects and replays from its
 * last id.
 */
const MAX_UNSENT_BYTES = 16 * 2 ** 20;

/**
 * Open event streams at once (one token, one person: a few tabs). Each holds what it has
 * not taken yet; past this a stream is refused (429) instead of piling up.
 */
export const MAX_TABS = 20;

/** A comment line now and then keeps proxies and the browser from closing an idle stream. */
const KEEP_ALIVE_MS = 15_000;
const KEEP_ALIVE = Buffer.from(": keep-alive\n\n");

const RETRY = Buffer.from("retry: 1000\n\n");

interface Line {
  id: number;
  /** The SSE form, sent as it is (one Buffer for every tab). */
  bytes: Buffer;
  type: string;
  callId: string;
}

interface Snapshot {
  id: number;
  header: unknown;
  messages: readonly Message[];
}

export class EventLog {
  private lastId = 0;
  private snapshot: Snapshot = { id: 0, header: null, messages: [] };
  /** Lines after the snapshot, already in their SSE form. */
  private lines: Line[] = [];
  /** Open tabs, each with how many unsent bytes it may hold before it is dropped. */
  private readonly tabs = new Map<ServerResponse, number>();
  /** The snapshot's SSE form, made when a tab needs it; dropped with the last tab. */
  private snapshotBytes: Buffer | undefined;
  private readonly keepAlive = setInterval(() => this.writeAll(KEEP_ALIVE), KEEP_ALIVE_MS);

  constructor() {
    this.keepAlive.unref();
  }

  /** A new session: every tab starts over from its header and messages. */
  announce(header: unknown, messages: readonly Message[]): void {
    this.snapshot = { id: ++this.lastId, header, messages: [...messages] };
    this.snapshotBytes = undefined;
    this.lines = [];
    if (this.tabs.size > 0) this.writeAll(this.snapshotBuffer(), { snapshot: true });
  }

  /** The session's messages are settled (a run ended): a snapshot here saves the replay. */
  settled(messages: readonly Message[]): void {
    if (this.lines.length < REBASE_AFTER_LINES) return;
    this.snapshot = { ...this.snapshot, id: this.lastId, messages: [...messages] };
    this.snapshotBytes = undefined;
    this.lines = [];
  }

  append(line: unknown): void {
    const id = ++this.lastId;
    const bytes = Buffer.from(`id: ${id}\ndata: ${JSON.stringify(line)}\n\n`);
    const { type, toolCallId } = line as { type?: unknown; toolCallId?: unknown };
    const kept: Line = { id, bytes, type: String(type), callId: String(toolCallId) };
    if (type === "message_end") this.dropStreamed();
    if (type === "tool_execution_end")
      this.lines = this.lines.filter(
        (old) => old.type !== "tool_execution_update" || old.callId !== kept.callId,
      );
    this.lines.push(kept);
    this.writeAll(bytes);
  }

  /** No room for another stream: the server refuses it (429) with a message. */
  get full(): boolean {
    return this.tabs.size >= MAX_TABS;
  }

  /** Starts the stream of one tab: what it has not seen, then everything new. */
  open(response: ServerResponse, lastEventId: string | undefined): void {
    response.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-store",
      connection: "keep-alive",
    });
    const seen = lastEventId === undefined ? Number.NaN : Number(lastEventId);
    const missed =
      Number.isInteger(seen) && seen >= this.snapshot.id && seen <= this.lastId
        ? this.lines.filter((line) => line.id > seen)
        : undefined;
    const catchUp = [
      RETRY,
      ...(missed ? [] : [this.snapshotBuffer()]),
      ...(missed ?? this.lines).map((line) => line.bytes),
    ];
    // Written one by one: the shared Buffers are queued by reference, never copied.
    for (const bytes of catchUp) response.write(bytes);
    this.tabs.set(response, response.writableLength + MAX_UNSENT_BYTES);
    response.on("close", () => {
      this.tabs.delete(response);
      if (this.tabs.size === 0) this.snapshotBytes = undefined;
    });
  }

  /** The process is ending: a last line for every tab, then the streams close. */
  close(finalLine: unknown): void {
    clearInterval(this.keepAlive);
    this.append(finalLine);
    for (const tab of this.tabs.keys()) tab.end();
    this.tabs.clear();
  }

  /** The deltas since the last `message_start`: the `message_end` about to come replaces them. */
  private dropStreamed(): void {
    let start = this.lines.length - 1;
    while (start >= 0 && this.lines[start]!.type !== "message_start") start--;
    if (start < 0) return;
    const after = this.lines.slice(start + 1).filter((old) => old.type !== "message_update");
    this.lines = [...this.lines.slice(0, start + 1), ...after];
  }

  private snapshotBuffer(): Buffer {
    if (this.snapshotBytes) return this.snapshotBytes;
    const { id, header, messages } = this.snapshot;
    const line = JSON.stringify({ type: "web_snapshot", header, messages });
    this.snapshotBytes = Buffer.from(`id: ${id}\ndata: ${line}\n\n`);
    return this.snapshotBytes;
  }

  /**
   * To every tab that still takes what it is sent. A tab may hold what it was sent at
   * open (or with a new snapshot) plus MAX_UNSENT_BYTES; past that it has stalled.
   */
  private writeAll(bytes: Buffer, { snapshot = false } = {}): void {
    for (const [tab, allowed] of this.tabs) {
      if (tab.writableLength > allowed) {
        this.tabs.delete(tab);
        tab.destroy();
        continue;
      }
      tab.write(bytes);
      if (snapshot) this.tabs.set(tab, bytes.length + MAX_UNSENT_BYTES);
    }
    if (this.tabs.size === 0) this.snapshotBytes = undefined;
  }
}
