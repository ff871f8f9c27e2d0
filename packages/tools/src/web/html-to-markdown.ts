/**
 * A fetched HTML page as the model should read it: Markdown (via turndown) or plain
 * text, without the parts that are never content — scripts, styles, navigation, page
 * header and footer — which would otherwise fill the context with menus and code.
 */
import domino from "@mixmark-io/domino";
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

export interface ConvertedPage {
  /** The document's `<title>`, "" when it has none. */
  title: string;
  content: string;
}

function parseContent(html: string) {
  const document = domino.createDocument(html);
  for (const element of [...document.querySelectorAll(NOT_CONTENT)]) element.remove();
  return document;
}

export function htmlToMarkdown(html: string): ConvertedPage {
  const document = parseContent(html);
  const turndown = new TurndownService({
    headingStyle: "atx",
    codeBlockStyle: "fenced",
    bulletListMarker: "-",
  });
  const content = document.body ? turndown.turndown(document.body as never) : "";
  return { title: document.title.trim(), content: content.trim() };
}

export function htmlToText(html: string): ConvertedPage {
  const document = parseContent(html);
  const text = (document.body?.textContent ?? "")
    .split("\n")
    .map((line) => line.replace(/[ \t\f\v\r]+/g, " ").trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n");
  return { title: document.title.trim(), content: text.trim() };
}
