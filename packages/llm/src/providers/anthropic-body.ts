/**
 * The Messages API request body as bytes, each message's blocks serialized once: a long
 * session resends its whole history on every call, and encoding 2 800 messages again
 * each time cost more than everything else between two calls. A kept message never
 * changes (the agent keeps new objects, never edits old ones), so its JSON is cached by
 * the message object and the body is the cached pieces joined — the same bytes
 * `JSON.stringify` gives for the request with its converted messages.
 */
import type Anthropic from "@anthropic-ai/sdk";
import type { Message } from "../types.js";
import { messageBlocks } from "./anthropic-request.js";

type Role = "user" | "assistant";

/** One message of the request: its role and its blocks' JSON. */
interface Turn {
  role: Role;
  blocks: Buffer[];
  /** Made of tool results (the results of one turn travel in one user message). */
  results: boolean;
}

const serialized = new WeakMap<Message, Buffer[]>();

/** Each content block of `message` as JSON bytes, made on the message's first request. */
function blocksOf(message: Message): Buffer[] {
  let blocks = serialized.get(message);
  if (!blocks) {
    blocks = messageBlocks(message).map((block) => Buffer.from(JSON.stringify(block)));
    serialized.set(message, blocks);
  }
  return blocks;
}

/** The request's messages: consecutive tool results share one user message. */
function turnsOf(messages: readonly Message[]): Turn[] {
  const turns: Turn[] = [];
  for (const message of messages) {
    const blocks = blocksOf(message);
    if (message.role === "toolResult") {
      const previous = turns.at(-1);
      if (previous?.results) previous.blocks.push(...blocks);
      else turns.push({ role: "user", blocks: [...blocks], results: true });
    } else if (blocks.length > 0) {
      turns.push({ role: message.role, blocks, results: false });
    }
  }
  return turns;
}

const COMMA = Buffer.from(",");
const OPEN = {
  user: Buffer.from('{"role":"user","content":['),
  assistant: Buffer.from('{"role":"assistant","content":['),
};
const CLOSE = Buffer.from("]}");
/** Caching the last user turn lets the next request reuse the whole prefix. */
const CACHE_CONTROL = Buffer.from(',"cache_control":{"type":"ephemeral"}}');
/** Where the messages go in the rest of the request's JSON. */
const MESSAGES_SLOT = '"messages":[]';

/**
 * `params` (its `messages` empty) with `messages` converted, as the JSON bytes to send;
 * the last block of the last user message carries `cache_control`.
 */
export function anthropicRequestBody(
  params: Anthropic.MessageCreateParamsStreaming,
  messages: readonly Message[],
): Buffer {
  const turns = turnsOf(messages);
  const lastUser = turns.findLast((turn) => turn.role === "user");
  const json = JSON.stringify(params);
  // The first occurrence is the key: `model` and `max_tokens` come before it, and a
  // string value cannot hold an unescaped quote.
  const slot = json.indexOf(MESSAGES_SLOT) + MESSAGES_SLOT.length - 1;
  const pieces: Buffer[] = [Buffer.from(json.slice(0, slot))];
  turns.forEach((turn, t) => {
    if (t > 0) pieces.push(COMMA);
    pieces.push(OPEN[turn.role]);
    turn.blocks.forEach((block, b) => {
      if (b > 0) pieces.push(COMMA);
      if (turn === lastUser && b === turn.blocks.length - 1) {
        pieces.push(block.subarray(0, block.length - 1), CACHE_CONTROL);
      } else pieces.push(block);
    });
    pieces.push(CLOSE);
  });
  pieces.push(Buffer.from(json.slice(slot)));
  return Buffer.concat(pieces);
}
