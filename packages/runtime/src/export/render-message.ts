/**
 * One session item as HTML: a message with its Markdown, thinking, tool calls (each
 * with its result, diff and output) or a notice. The HTML export renders a whole
 * branch with these; `gong web`'s page renders each message with the same functions
 * as it streams in (render-parts.ts is the page's entry), so both look alike.
 */
import type {
  AssistantMessage,
  ImageContent,
  Message,
  TextContent,
  ToolCall,
  ToolResultMessage,
} from "@gong/llm";
import { renderDiff, renderEditArgumentsDiff } from "./diff.js";
import type { ExportDocument, ExportItem } from "./document.js";
import { escapeHtml } from "./escape.js";
import { renderMarkdown } from "./markdown.js";

/**
 * The output of calls still running (a command's live tail), by tool call id: such a
 * call is shown open, with that output, until its result is in.
 */
export type LiveOutputs = ReadonlyMap<string, string>;

/** Subagents' transcripts by the id of the task call that ran them (nested in that call). */
export type Transcripts = Readonly<Record<string, ExportDocument>>;

/** The items of a document (a session, or a subagent's transcript inside its task call). */
export function renderItems(doc: Pick<ExportDocument, "items" | "subagents">): string {
  const results = new Map<string, ToolResultMessage>();
  const callIds = new Set<string>();
  for (const item of doc.items) {
    if (item.kind !== "message") continue;
    if (item.message.role === "toolResult") results.set(item.message.toolCallId, item.message);
    if (item.message.role === "assistant") {
      for (const part of item.message.content) if (part.type === "toolCall") callIds.add(part.id);
    }
  }
  const transcripts = doc.subagents ?? {};
  return doc.items.map((item) => renderItem(item, results, callIds, transcripts)).join("\n");
}

export function renderItem(
  item: ExportItem,
  results: Map<string, ToolResultMessage>,
  callIds: Set<string>,
  transcripts: Transcripts = {},
): string {
  switch (item.kind) {
    case "message":
      return renderMessage(item.message, results, callIds, new Map(), transcripts);
    case "compaction":
      return `<details class="notice compaction"><summary>Context compacted (${item.tokensBefore.toLocaleString("en-US")} tokens summarised)</summary><div class="text">${escapeHtml(item.summary)}</div></details>`;
    case "branch_summary":
      return `<details class="notice branch-summary"><summary>Branch summary</summary><div class="text">${escapeHtml(item.summary)}</div></details>`;
    case "model_change":
      return `<p class="notice">Model changed to ${escapeHtml(`${item.provider}/${item.modelId}`)}</p>`;
    case "thinking_level_change":
      return `<p class="notice">Thinking level set to ${escapeHtml(String(item.thinkingLevel))}</p>`;
  }
}

/**
 * One message. `results` holds the tool results by call id (a result is shown inside
 * its call); `callIds` the calls of the branch, so a result without one stands alone.
 */
export function renderMessage(
  message: Message,
  results: ReadonlyMap<string, ToolResultMessage>,
  callIds: ReadonlySet<string>,
  live: LiveOutputs = new Map(),
  transcripts: Transcripts = {},
): string {
  if (message.role === "user") {
    const parts =
      typeof message.content === "string"
        ? [{ type: "text", text: message.content } as TextContent]
        : message.content;
    return `<section class="msg user"><div class="role">User</div>${parts.map(renderUserPart).join("")}</section>`;
  }
  // Tool results are rendered inside their tool call; one without a call (orphan) stands alone.
  if (message.role === "toolResult") {
    if (callIds.has(message.toolCallId)) return "";
    const text = message.content
      .map((c) => (c.type === "text" ? c.text : `[image ${c.mimeType}]`))
      .join("\n");
    return `<details class="tool-call orphan"><summary>${escapeHtml(message.toolName)} result (its call is not in this branch)</summary><pre class="tool-output">${escapeHtml(text)}</pre></details>`;
  }
  return renderAssistant(message, results, live, transcripts);
}

function renderUserPart(part: TextContent | ImageContent): string {
  if (part.type === "text") return `<div class="text">${escapeHtml(part.text)}</div>`;
  return `<img class="attachment" alt="attached image" src="data:${escapeHtml(part.mimeType)};base64,${escapeHtml(part.data)}">`;
}

function renderAssistant(
  message: AssistantMessage,
  results: ReadonlyMap<string, ToolResultMessage>,
  live: LiveOutputs,
  transcripts: Transcripts,
): string {
  const parts = message.content.map((part) => {
    if (part.type === "text") return `<div class="markdown">${renderMarkdown(part.text)}</div>`;
    if (part.type === "thinking") {
      const text = part.redacted ? "(redacted by the provider)" : part.thinking;
      return `<details class="thinking"><summary>Thinking</summary><div class="text">${escapeHtml(text)}</div></details>`;
    }
    const transcript = transcripts[part.id];
    return renderToolCall(part, results.get(part.id), live.get(part.id), transcript);
  });
  const failed = message.stopReason === "error" || message.stopReason === "aborted";
  const error = failed
    ? `<div class="error-text">${escapeHtml(message.stopReason === "aborted" ? "Aborted" : `Error: ${message.errorMessage ?? "unknown error"}`)}</div>`
    : "";
  return `<section class="msg assistant${failed ? " error" : ""}"><div class="role">Assistant · ${escapeHtml(message.model)}</div>${parts.join("")}${error}</section>`;
}

/**
 * One tool call with its result. An edit shows its diff only (its arguments are the diff,
 * as in the terminal); a failed call shows its error and never a diff (the arguments'
 * diff of a failed edit looked applied); a command's output starts open.
 */
function renderToolCall(
  call: ToolCall,
  result: ToolResultMessage | undefined,
  liveOutput: string | undefined,
  transcript: ExportDocument | undefined,
): string {
  const failed = result?.isError ?? false;
  const running = !result && liveOutput !== undefined;
  const diff = failed ? undefined : callDiff(call, result);
  let output = result
    ? result.content.map((c) => (c.type === "text" ? c.text : `[image ${c.mimeType}]`)).join("\n")
    : (liveOutput ?? "(no result: the call was interrupted)");
  // The edit tool's text repeats its diff after the outcome; it is shown once, above.
  if (diff?.fromResult) output = output.replace(diff.fromResult.trimEnd(), "").trimEnd();
  const open = diff || running || failed || call.name === "bash";
  const args = diff
    ? ""
    : `<div class="label">Arguments</div><pre class="tool-args">${escapeHtml(JSON.stringify(call.arguments, null, 2))}</pre>`;
  return `<details class="tool-call${failed ? " failed" : ""}${running ? " running" : ""}"${open ? " open" : ""}>
<summary>${escapeHtml(call.name)} ${escapeHtml(summariseArguments(call.arguments))}</summary>
${args}${diff ? `<div class="label">${diff.label}</div>${diff.html}` : ""}${failed ? "" : renderNewErrors(result)}
<div class="label">${failed ? "Error" : "Output"}</div><pre class="tool-output${failed ? " error-text" : ""}">${escapeHtml(output)}</pre>
${transcript ? `<div class="label">Subagent transcript</div><div class="subagent">${renderItems(transcript)}</div>` : ""}
</details>`;
}

/**
 * The diff a call shows: the one its result carries, else (an edit from an older session,
 * or one still running) the one its arguments describe — not applied until it has a result.
 */
function callDiff(
  call: ToolCall,
  result: ToolResultMessage | undefined,
): { html: string; label: string; fromResult?: string } | undefined {
  const fromResult = extractDiff(result);
  if (fromResult) return { html: renderDiff(fromResult), label: "Diff", fromResult };
  if (call.name !== "edit") return undefined;
  const html = renderEditArgumentsDiff(call.arguments);
  if (!html) return undefined;
  return { html, label: result ? "Diff" : "Proposed change (not applied yet)" };
}

/**
 * The language server's new errors after an edit or write (`data.diagnostics`, @gong/lsp),
 * under the diff as in the terminal; the errors that were there before are left out.
 */
function renderNewErrors(result: ToolResultMessage | undefined): string {
  const details = result?.details as { data?: { diagnostics?: unknown } } | undefined;
  const diagnostics = details?.data?.diagnostics;
  if (!Array.isArray(diagnostics)) return "";
  const lines = diagnostics
    .filter((d) => d?.severity === "error" && d.preExisting !== true)
    .map((d) => `${d.file}:${d.line}:${d.column} error${d.code ? ` ${d.code}` : ""}: ${d.message}`);
  if (lines.length === 0) return "";
  return `<div class="label">New errors</div><pre class="tool-output error-text diagnostics">${escapeHtml(lines.join("\n"))}</pre>`;
}

/** The edit tool's envelope carries its diff in `data.diff` (test/export-html.test.ts). */
function extractDiff(result: ToolResultMessage | undefined): string | undefined {
  const details = result?.details as { data?: { diff?: unknown } } | undefined;
  const diff = details?.data?.diff;
  return typeof diff === "string" && diff.length > 0 ? diff : undefined;
}

/** The argument a reader looks for first (path, command, pattern), shortened. */
function summariseArguments(args: Record<string, unknown>): string {
  const key = ["path", "command", "pattern"].find((k) => typeof args[k] === "string");
  const value = key ? String(args[key]) : JSON.stringify(args);
  const firstLine = value.split("\n")[0] ?? "";
  return firstLine.length > 100 ? `${firstLine.slice(0, 99)}…` : firstLine;
}
