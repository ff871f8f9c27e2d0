import type { Message } from "./types.js";

/** An image costs about this many tokens (test/tokens.test.ts). */
export const IMAGE_TOKENS = 1200;
const MESSAGE_OVERHEAD_TOKENS = 4;

const isCjk = (code: number) =>
  (code >= 0x4e00 && code <= 0x9fff) || // CJK unified ideographs
  (code >= 0x3400 && code <= 0x4dbf) || // extension A
  (code >= 0x3040 && code <= 0x30ff) || // hiragana, katakana
  (code >= 0xac00 && code <= 0xd7af) || // hangul syllables
  (code >= 0xf900 && code <= 0xfaff) || // compatibility ideographs
  (code >= 0x3000 && code <= 0x303f) || // CJK punctuation
  (code >= 0xff00 && code <= 0xffef); // full-width forms

const isWordChar = (code: number) =>
  (code >= 0x30 && code <= 0x39) ||
  (code >= 0x41 && code <= 0x5a) ||
  (code >= 0x61 && code <= 0x7a) ||
  code === 0x5f ||
  (code >= 0xc0 && code < 0x3000 && !isCjk(code));

const isSpace = (code: number) => code === 0x20 || (code >= 0x09 && code <= 0x0d);

/**
 * Estimated tokens of a text without a tokenizer, CJK-aware (test/tokens.test.ts):
 * a CJK character ≈ 2 tokens, a word ≈ 1.3 tokens (long identifiers ≈ 1 per 4
 * characters), other symbols ≈ 0.5. One linear pass, no allocation.
 */
export function estimateTextTokens(text: string): number {
  let tokens = 0;
  let wordLength = 0;
  const endWord = () => {
    if (wordLength > 0) tokens += Math.max(1.3, wordLength / 4);
    wordLength = 0;
  };
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (isWordChar(code)) {
      wordLength++;
      continue;
    }
    endWord();
    if (isCjk(code)) tokens += 2;
    else if (!isSpace(code)) tokens += 0.5;
  }
  endWord();
  return Math.ceil(tokens);
}

/** Estimated tokens one message adds to the context. */
export function estimateMessageTokens(message: Message): number {
  let tokens = MESSAGE_OVERHEAD_TOKENS;
  const content = message.content as unknown;
  if (typeof content === "string") return tokens + estimateTextTokens(content);
  if (!Array.isArray(content)) return tokens; // null content tolerated (Pi bug #1434)
  for (const part of content) {
    switch (part.type) {
      case "text":
        tokens += estimateTextTokens(part.text ?? "");
        break;
      case "thinking":
        tokens += estimateTextTokens(part.thinking ?? "");
        break;
      case "toolCall":
        tokens +=
          estimateTextTokens(part.name) + estimateTextTokens(JSON.stringify(part.arguments ?? {}));
        break;
      case "image":
        tokens += IMAGE_TOKENS;
        break;
    }
  }
  return tokens;
}

/** Estimated tokens of a list of messages; `[]` → 0. */
export function estimateTokens(messages: readonly Message[]): number {
  let total = 0;
  for (const message of messages) total += estimateMessageTokens(message);
  return total;
}
