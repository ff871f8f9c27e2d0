/**
 * Gong's rendering, browser-safe: nothing here loads Node (no `node:` import), so the
 * HTML export (in Node), `gong web`'s page (bundled for the browser) and the terminal
 * draw a session with the same functions and look alike.
 */

// What a tool call is about, the same on every face (the terminal, ACP, the page, the export).
export { toolCallSummary } from "@gong/tools/summary";
export { classifyDiff, type DiffLine } from "./diff.js";
export type { ExportDocument, ExportItem } from "./document.js";
export { escapeHtml } from "./escape.js";
export {
  documentFromEntries,
  type ExportableEntry,
  type ExportableHeader,
} from "./from-session.js";
export { renderMarkdown } from "./markdown.js";
export { messagePreview, messageText, oneLine } from "./message-preview.js";
export { renderSessionHtml } from "./render-html.js";
export { type LiveOutputs, renderMessage } from "./render-message.js";
export { EXPORT_CSS } from "./styles.js";
export { type SubagentProgressData, subagentProgressLine } from "./subagent-progress-line.js";
export { type TreeItem, treeItems } from "./tree-lines.js";
