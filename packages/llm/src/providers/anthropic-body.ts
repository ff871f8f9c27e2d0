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

/** One message of the request: its role and its blocks' JSON. */
interface Turn {
  role: "user" | "assistant";
  blocks: string[];
  /** Made of tool results (the results of one turn travel in one user message). */
  results: boolean;
  /** Index of the message after the turn's last one. */
  end: number;
}

/** The request's messages for `messages` from `start` on: consecutive tool results share one. */
function turnsOf(messages: readonly Message[], start: number): Turn[] {
  const turns: Turn[] = [];
  for (let i = start; i < messages.length; i++) {
    const message = messages[i]!;
    const blocks = messageBlocks(message).map((block) => JSON.stringify(block));
    const previous = turns.at(-1);
    if (message.role === "toolResult" && previous?.results) {
      previous.blocks.push(...blocks);
      previous.end = i + 1;
    } else if (blocks.length > 0) {
      const role = message.role === "assistant" ? "assistant" : "user";
      turns.push({ role, blocks, results: message.role === "toolResult", end: i + 1 });
    }
  }
  return turns;
}

const OPEN = { user: '{"role":"user","content":[', assistant: '{"role":"assistant","content":[' };
/** Caching the last user turn lets the next request reuse the whole prefix. */
const CACHE_CONTROL = ',"cache_control":{"type":"ephemeral"}}';
/** Where the messages go in the rest of the request's JSON. */
const MESSAGES_SLOT = '"messages":[]';

/** The JSON of `turns`, comma-separated; `cached` gets `cache_control` on its last block. */
function turnsJson(turns: readonly Turn[], cached?: Turn): string {
  return turns
    .map((turn) => {
      const blocks = turn.blocks.join(",");
      const marked = turn === cached ? `${blocks.slice(0, -1)}${CACHE_CONTROL}` : blocks;
      return `${OPEN[turn.role]}${marked}]}`;
    })
    .join(",");
}

/**
 * Settled bytes not yet in a Blob of their own stay text up to this length: they are
 * encoded again on each call, and every Blob is one more chunk to stream.
 */
const OPEN_LIMIT = 256 * 1024;

/**
 * The settled turns of one history: their messages, and their bytes as Blobs. A body
 * made of Blobs is sent without being copied into one buffer first (undici copies a
 * buffer body once more before it streams it); a few large parts stream fastest.
 */
class HistoryBytes {
  /** The messages of the settled turns, as given (compared by identity). */
  private readonly settled: Message[] = [];
  /** The settled bytes up to `open`, in order. */
  private readonly frozen: Blob[] = [];
  /** The settled JSON after the frozen parts, and its Blob once made. */
  private open = "";
  private openBlob: Blob | undefined;

  /** Whether `messages` starts with every settled message, the same objects in order. */
  extends(messages: readonly Message[]): boolean {
    if (messages.length < this.settled.length) return false;
    for (let i = 0; i < this.settled.length; i++) if (messages[i] !== this.settled[i]) return false;
    return true;
  }

  /** The messages' JSON array, without its brackets; settles what can no longer change. */
  write(messages: readonly Message[]): (Blob | string)[] {
    const turns = turnsOf(messages, this.settled.length);
    const lastUser = turns.findLastIndex((turn) => turn.role === "user");
    // A turn followed by another is closed, and the cache mark never goes back to it.
    if (lastUser > 0) {
      this.append(turnsJson(turns.slice(0, lastUser)));
      const end = turns[lastUser - 1]!.end;
      for (let i = this.settled.length; i < end; i++) this.settled.push(messages[i]!);
    }
    const tail = turnsJson(turns.slice(Math.max(lastUser, 0)), turns[lastUser]);
    const head = this.parts();
    if (head.length === 0) return [tail];
    return tail ? [...head, `,${tail}`] : head;
  }

  private append(json: string): void {
    const empty = this.frozen.length === 0 && this.open === "";
    this.open += empty ? json : `,${json}`;
    this.openBlob = undefined;
    if (this.open.length >= OPEN_LIMIT) {
      this.frozen.push(new Blob([this.open]));
      this.open = "";
    }
  }

  private parts(): Blob[] {
    if (this.open === "") return [...this.frozen];
    this.openBlob ??= new Blob([this.open]);
    return [...this.frozen, this.openBlob];
  }
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
): Blob {
  const json = JSON.stringify(params);
  // The first occurrence is the key: `model` and `max_tokens` come before it, and a
  // string value cannot hold an unescaped quote.
  const slot = json.indexOf(MESSAGES_SLOT) + MESSAGES_SLOT.length - 1;
  return new Blob([
    json.slice(0, slot),
    ...historyBytesFor(messages).write(messages),
    json.slice(slot),
  ]);
}
