/**
 * The Messages API request body as bytes, written only where the history grew: a long
 * session resends its whole history on every call, and encoding 2 800 messages again
 * each time cost more than everything else between two calls. A kept message never
 * changes (the agent keeps new objects, never edits old ones), so the bytes of every
 * turn before the last user turn are kept per history (known by its first message) and
 * only the rest is written per call — the same bytes `JSON.stringify` gives for the
 * request with its converted messages.
 */
import type Anthropic from "@anthropic-ai/sdk";
import { HISTORIES_KEPT, HistoryCache } from "../transform/history-cache.js";
import type { Message } from "../types.js";
import { messageBlocks } from "./anthropic-request.js";
import { ByteWriter } from "./byte-writer.js";

const OPEN = { user: '{"role":"user","content":[', assistant: '{"role":"assistant","content":[' };
const CLOSE = "]}";
/**
 * Caching the last user turn lets the next request reuse the whole prefix: this goes
 * before the closing brace of its last block.
 */
const CACHE_CONTROL = ',"cache_control":{"type":"ephemeral"}';
/** Where the messages go in the rest of the request's JSON. */
const MESSAGES_SLOT = '"messages":[]';

/** One message of the request, as written: consecutive tool results share one. */
interface Turn {
  /** Made of tool results (the results of one turn travel in one user message). */
  results: boolean;
  /** Index of the message after the turn's last one. */
  end: number;
}

/** A user turn: where it starts (its separating comma included) and its last block ends. */
interface UserTurn {
  turn: Turn;
  index: number;
  start: number;
  blocksEnd?: number;
  /** The end of the turn before it: what it settles. */
  settledEnd: number;
}

/**
 * Writes the request's messages for a run of messages as they come, each message's
 * blocks encoded and written at once, and remembers the last user turn: the one that
 * carries the cache mark, and before which every turn is settled.
 */
class TurnWriter {
  private current: Turn | undefined;
  private turns = 0;
  lastUser: UserTurn | undefined;

  /** `separated`: turns are already written before these (a comma goes first). */
  constructor(
    private readonly out: ByteWriter,
    private readonly separated: boolean,
  ) {}

  add(message: Message, index: number): void {
    const blocks = messageBlocks(message);
    const current = this.current;
    if (message.role === "toolResult" && current?.results) {
      for (const block of blocks) this.out.write(`,${JSON.stringify(block)}`);
      current.end = index + 1;
      return;
    }
    if (blocks.length === 0) return;
    this.close();
    const role = message.role === "assistant" ? "assistant" : "user";
    const turn: Turn = { results: message.role === "toolResult", end: index + 1 };
    if (role === "user") {
      const start = this.out.length;
      this.lastUser = { turn, index: this.turns, start, settledEnd: current?.end ?? 0 };
    }
    if (this.turns > 0 || this.separated) this.out.write(",");
    this.out.write(OPEN[role]);
    // The array's JSON without its brackets: the blocks' JSON, comma-separated.
    const json = JSON.stringify(blocks);
    this.out.write(json.slice(1, -1));
    this.current = turn;
    this.turns++;
  }

  /** Closes the last turn and puts the cache mark on the last block of the last user turn. */
  finish(): void {
    this.close();
    const blocksEnd = this.lastUser?.blocksEnd;
    // Before the last block's closing brace.
    if (blocksEnd !== undefined) this.out.insert(blocksEnd - 1, CACHE_CONTROL);
  }

  private close(): void {
    if (!this.current) return;
    if (this.current === this.lastUser?.turn) this.lastUser.blocksEnd = this.out.length;
    this.out.write(CLOSE);
  }
}

/**
 * The settled turns of one history: their messages, and their bytes — a range of the
 * body last written for it. A body is never written again once returned, so the next
 * one copies that range instead of encoding it, and a request still being sent is safe.
 */
class HistoryBytes {
  /** The messages of the settled turns, as given (compared by identity). */
  private readonly settled: Message[] = [];
  private bytes: Buffer = Buffer.alloc(0);

  /** Whether `messages` starts with every settled message, the same objects in order. */
  extends(messages: readonly Message[]): boolean {
    if (messages.length < this.settled.length) return false;
    for (let i = 0; i < this.settled.length; i++) if (messages[i] !== this.settled[i]) return false;
    return true;
  }

  /**
   * The body: `open`, the messages' JSON (without brackets), `close`; settles the turns
   * that can no longer change. A turn followed by a user turn is closed, and the cache
   * mark never goes back to it.
   */
  body(open: string, messages: readonly Message[], close: string): Buffer {
    const room = roomFor(messages, this.settled.length);
    const out = new ByteWriter(open.length + this.bytes.length + close.length + room);
    out.write(open);
    const start = out.length;
    out.copy(this.bytes);
    const turns = new TurnWriter(out, this.bytes.length > 0);
    for (let i = this.settled.length; i < messages.length; i++) turns.add(messages[i]!, i);
    turns.finish();
    out.write(close);
    const last = turns.lastUser;
    if (last && last.index > 0) {
      for (let i = this.settled.length; i < last.settledEnd; i++) this.settled.push(messages[i]!);
      this.bytes = out.view(start, last.start);
    } else {
      this.bytes = out.view(start, start + this.bytes.length);
    }
    return out.view();
  }
}

/**
 * Room for the JSON of `messages` from `start` on, so the writer seldom grows (each
 * growth copies and touches everything written so far): the texts' lengths and a
 * quarter more for escapes, and what surrounds a message (~130 bytes for a tool call or
 * result). Too much costs address space only — it is never touched; too little (many
 * multi-byte characters), one more copy.
 */
function roomFor(messages: readonly Message[], start: number): number {
  let units = 0;
  for (let i = start; i < messages.length; i++) {
    const { content } = messages[i]!;
    if (typeof content === "string") units += content.length;
    else for (const block of content) if (block.type === "text") units += block.text.length;
  }
  return 64 * 1024 + Math.ceil(units * 1.25) + (messages.length - start) * 256;
}

const histories = new HistoryCache<HistoryBytes>(HISTORIES_KEPT);

/** The settled bytes of the history `messages` extends; new ones when it extends none. */
function historyBytesFor(messages: readonly Message[]): HistoryBytes {
  const first = messages[0];
  if (!first || typeof first !== "object") return new HistoryBytes();
  const known = histories.get(first);
  if (known?.extends(messages)) return known;
  const fresh = new HistoryBytes();
  histories.set(first, fresh);
  return fresh;
}

/**
 * `params` (its `messages` empty) with `messages` converted, as the JSON bytes to send;
 * the last block of the last user message carries `cache_control`.
 */
export function anthropicRequestBody(
  params: Anthropic.MessageCreateParamsStreaming,
  messages: readonly Message[],
): Buffer {
  const json = JSON.stringify(params);
  // The first occurrence is the key: `model` and `max_tokens` come before it, and a
  // string value cannot hold an unescaped quote.
  const slot = json.indexOf(MESSAGES_SLOT) + MESSAGES_SLOT.length - 1;
  return historyBytesFor(messages).body(json.slice(0, slot), messages, json.slice(slot));
}
