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

/** A comment line now and then keeps proxies and the browser from closing an idle stream. */
const KEEP_ALIVE_MS = 15_000;

interface Line {
  id: number;
  /** The SSE form, sent as it is. */
  text: string;
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
  private readonly tabs = new Set<ServerResponse>();
  private readonly keepAlive = setInterval(() => this.writeAll(": keep-alive\n\n"), KEEP_ALIVE_MS);

  constructor() {
    this.keepAlive.unref();
  }

  /** A new session: every tab starts over from its header and messages. */
  announce(header: unknown, messages: readonly Message[]): void {
    this.snapshot = { id: ++this.lastId, header, messages: [...messages] };
    this.lines = [];
    this.writeAll(this.snapshotText());
  }

  /** The session's messages are settled (a run ended): a snapshot here saves the replay. */
  settled(messages: readonly Message[]): void {
    if (this.lines.length < REBASE_AFTER_LINES) return;
    this.snapshot = { ...this.snapshot, id: this.lastId, messages: [...messages] };
    this.lines = [];
  }

  append(line: unknown): void {
    const id = ++this.lastId;
    const text = `id: ${id}\ndata: ${JSON.stringify(line)}\n\n`;
    const { type, toolCallId } = line as { type?: unknown; toolCallId?: unknown };
    const kept: Line = { id, text, type: String(type), callId: String(toolCallId) };
    if (type === "message_end") this.dropStreamed();
    if (type === "tool_execution_end")
      this.lines = this.lines.filter(
        (old) => old.type !== "tool_execution_update" || old.callId !== kept.callId,
      );
    this.lines.push(kept);
    this.writeAll(text);
  }

  /** Starts the stream of one tab: what it has not seen, then everything new. */
  open(response: ServerResponse, lastEventId: string | undefined): void {
    response.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-store",
      connection: "keep-alive",
    });
    const seen = lastEventId === undefined ? Number.NaN : Number(lastEventId);
    const catchUp =
      Number.isInteger(seen) && seen >= this.snapshot.id && seen <= this.lastId
        ? this.lines.filter((line) => line.id > seen).map((line) => line.text)
        : [this.snapshotText(), ...this.lines.map((line) => line.text)];
    response.write(`retry: 1000\n\n${catchUp.join("")}`);
    this.tabs.add(response);
    response.on("close", () => this.tabs.delete(response));
  }

  /** The process is ending: a last line for every tab, then the streams close. */
  close(finalLine: unknown): void {
    clearInterval(this.keepAlive);
    this.append(finalLine);
    for (const tab of this.tabs) tab.end();
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

  private snapshotText(): string {
    const { id, header, messages } = this.snapshot;
    return `id: ${id}\ndata: ${JSON.stringify({ type: "web_snapshot", header, messages })}\n\n`;
  }

  private writeAll(text: string): void {
    for (const tab of this.tabs) {
      if (tab.writableLength > MAX_UNSENT_BYTES) {
        this.tabs.delete(tab);
        tab.destroy();
      } else tab.write(text);
    }
  }
}
