/**
 * A fetched HTML page as the model should read it: Markdown (via turndown) or plain
 * text, without the parts that are never content — scripts, styles, navigation, page
 * header and footer — which would otherwise fill the context with menus and code.
 */
import domino, { type DominoDocument, type DominoElement } from "@mixmark-io/domino";
import TurndownService from "turndown";

const NOT_CONTENT = [
  "script",
  "style",
  "noscript",
  "template",
  "iframe",
  "svg",
  "canvas",
  "nav",
  "header",
  "footer",
].join(",");

/**
 * Deeper pages are refused: turndown and domino's `textContent` recurse once per level
 * and turndown's time grows with depth × size (12 000 nested `<div>`s: over 20 s, 2 000
 * overflow the main thread's stack). Real pages stay in the low hundreds.
 */
export const MAX_NESTING_DEPTH = 1000;

export interface ConvertedPage {
  /** The document's `<title>`, "" when it has none. */
  title: string;
  content: string;
}

export type Conversion =
  | ({ ok: true } & ConvertedPage)
  | { ok: false; kind: "too_deep"; message: string };

function parseContent(html: string) {
  const document = domino.createDocument(html);
  for (const element of [...document.querySelectorAll(NOT_CONTENT)]) element.remove();
  return document;
}

/** The deepest element nesting under `root`, walked without recursion. */
function nestingDepth(root: DominoElement): number {
  let deepest = 0;
  const pending: [DominoElement, number][] = [[root, 1]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [element, depth] = next;
    deepest = Math.max(deepest, depth);
    for (let i = 0; i < element.children.length; i++)
      pending.push([element.children[i]!, depth + 1]);
  }
  return deepest;
}

/** The page's body, or why it cannot be converted. */
function convertibleBody(document: DominoDocument, format: string) {
  if (!document.body) return { ok: true as const, body: undefined };
  const depth = nestingDepth(document.body);
  if (depth <= MAX_NESTING_DEPTH) return { ok: true as const, body: document.body };
  return {
    ok: false as const,
    kind: "too_deep" as const,
    message: `The page's HTML is nested too deeply to convert to ${format} (${depth} levels; web_fetch converts up to ${MAX_NESTING_DEPTH}).`,
  };
}

export function htmlToMarkdown(html: string): Conversion {
  const document = parseContent(html);
  const checked = convertibleBody(document, "markdown");
  if (!checked.ok) return checked;
  const turndown = new TurndownService({
    headingStyle: "atx",
    codeBlockStyle: "fenced",
    bulletListMarker: "-",
  });
  const content = checked.body ? turndown.turndown(checked.body as never) : "";
  return { ok: true, title: document.title.trim(), content: content.trim() };
}

export function htmlToText(html: string): Conversion {
  const document = parseContent(html);
  const checked = convertibleBody(document, "text");
  if (!checked.ok) return checked;
  const text = (checked.body?.textContent ?? "")
    .split("\n")
    .map((line) => line.replace(/[ \t\f\v\r]+/g, " ").trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n");
  return { ok: true, title: document.title.trim(), content: text.trim() };
}
