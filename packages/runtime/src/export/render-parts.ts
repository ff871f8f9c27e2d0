/**
 * What `gong web`'s page renders with (`@gong/runtime/render`): the HTML export's
 * message renderer and stylesheet, and the answer-so-far builder, in a module that
 * loads nothing of Node — the CLI bundles it into the page's script.
 */
export { PartialMessage } from "@gong/agent-core";
export {
  type SubagentProgressData,
  subagentProgressLine,
} from "../subagents/progress-line.js";
export { escapeHtml } from "./escape.js";
export { renderMarkdown } from "./markdown.js";
export { type LiveOutputs, renderMessage } from "./render-message.js";
export { EXPORT_CSS } from "./styles.js";
