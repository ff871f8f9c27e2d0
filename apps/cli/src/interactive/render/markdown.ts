import { Markdown, type MarkdownTheme } from "@mariozechner/pi-tui";
import { lexer } from "marked";
import pc from "picocolors";
import { terminalSafe } from "../../terminal-text.js";
import { highlightCode } from "./highlight.js";

/** How answers look: pi-tui's Markdown renderer (wraps by display width) in our colours. */
const THEME: MarkdownTheme = {
  heading: (text) => pc.bold(pc.cyan(text)),
  link: (text) => pc.underline(pc.cyan(text)),
  linkUrl: (text) => pc.dim(text),
  code: (text) => pc.yellow(text),
  codeBlock: (text) => text,
  codeBlockBorder: (text) => pc.dim(text),
  quote: (text) => pc.italic(text),
  quoteBorder: (text) => pc.dim(text),
  hr: (text) => pc.dim(text),
  listBullet: (text) => pc.cyan(text),
  bold: (text) => pc.bold(text),
  italic: (text) => pc.italic(text),
  strikethrough: (text) => pc.strikethrough(text),
  underline: (text) => pc.underline(text),
  highlightCode,
};

/**
 * Markdown as terminal lines of at most `width` columns. The model's text is made
 * terminal-safe first (its escape sequences would reach the terminal as they are). The
 * renderer pads each line to the full width; the padding is dropped so copied text has
 * no trailing blanks.
 */
export function markdownLines(text: string, width: number): string[] {
  if (text.trim() === "") return [];
  const lines = new Markdown(terminalSafe(text), 0, 0, THEME)
    .render(width)
    .map((line) => line.trimEnd());
  while (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  while (lines.length > 0 && lines[0] === "") lines.shift();
  return lines;
}

/**
 * Where the settled part of a streaming answer ends: every top-level block but the last
 * is complete (more text can only extend the last one), so the lines before it can go to
 * the terminal's scrollback while the last block is still redrawn. 0 while there is
 * only one block.
 */
export function settledMarkdownLength(text: string): number {
  const tokens = lexer(text);
  let offset = 0;
  let settled = 0;
  for (let i = 0; i < tokens.length - 1; i++) {
    offset += tokens[i]!.raw.length;
    // A blank-line token only separates blocks; the block before it is settled anyway.
    if (tokens[i]!.type !== "space") settled = offset;
  }
  return settled;
}
