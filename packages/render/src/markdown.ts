import { Marked, type Tokens } from "marked";
import { escapeHtml } from "./escape.js";

/** Links a reader may follow from an exported page; anything else (javascript:) is text. */
const SAFE_HREF = /^(?:https?:|mailto:|#)/i;

/**
 * Assistant Markdown as HTML. The text is model output, so raw HTML in it is shown as
 * text, never run (no script injection into the export), and images are not loaded
 * (the page stays self-contained: no network asset, no tracking pixel).
 */
const markdown = new Marked({
  gfm: true,
  async: false,
  renderer: {
    html(token: Tokens.HTML | Tokens.Tag) {
      return escapeHtml(token.text);
    },
    link(token: Tokens.Link) {
      const inner = this.parser.parseInline(token.tokens);
      return SAFE_HREF.test(token.href)
        ? `<a href="${escapeHtml(token.href)}">${inner}</a>`
        : inner;
    },
    image(token: Tokens.Image) {
      return escapeHtml(`[image: ${token.text || token.href}]`);
    },
  },
});

export function renderMarkdown(text: string): string {
  return markdown.parse(text, { async: false });
}
