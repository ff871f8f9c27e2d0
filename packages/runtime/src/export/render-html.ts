import {
  type AssistantMessage,
  addUsage,
  emptyUsage,
  emptyUsageTotals,
  type ImageContent,
  type Message,
  type TextContent,
  type ToolCall,
  type ToolResultMessage,
  type UsageTotals,
} from "@gong/llm";
import { renderTokenChart, type TurnTokens, turnTokensFromUsage } from "./chart.js";
import { renderDiff, renderEditArgumentsDiff } from "./diff.js";
import type { ExportDocument, ExportItem } from "./document.js";
import { escapeHtml } from "./escape.js";
import { renderMarkdown } from "./markdown.js";
import { EXPORT_CSS } from "./styles.js";

export interface SessionTotals extends UsageTotals {
  models: string[];
  turns: TurnTokens[];
}

/** Token and cost totals over every assistant message of the document. */
export function sessionTotals(items: ExportItem[]): SessionTotals {
  const totals: SessionTotals = { models: [], turns: [], ...emptyUsageTotals() };
  for (const item of items) {
    if (item.kind !== "message" || item.message.role !== "assistant") continue;
    const { provider, model } = item.message;
    // A session file is data: a hand-edited or foreign line may lack usage.
    const usage = item.message.usage ?? emptyUsage();
    const name = `${provider}/${model}`;
    if (!totals.models.includes(name)) totals.models.push(name);
    totals.turns.push(turnTokensFromUsage(usage));
    addUsage(totals, usage);
  }
  return totals;
}

/**
 * One self-contained HTML page for a session: inline CSS, inline SVG, images as data
 * URIs, no script and no network asset — it opens the same offline, in a mail
 * attachment or in a headless browser.
 */
export function renderSessionHtml(doc: ExportDocument): string {
  const totals = sessionTotals(doc.items);
  const body = renderItems(doc);
  const title = `gong session ${doc.sessionId}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${EXPORT_CSS}</style>
</head>
<body>
${renderHeader(doc, totals)}
<main>
${body}
</main>
</body>
</html>
`;
}

function renderHeader(doc: ExportDocument, totals: SessionTotals): string {
  const n = (value: number) => value.toLocaleString("en-US");
  const meta = [
    ["Model", totals.models.length > 0 ? totals.models.join(", ") : "(none)"],
    ["Turns", n(totals.turns.length)],
    ["Input", n(totals.input)],
    ["Output", n(totals.output)],
    ["Cache read", n(totals.cacheRead)],
    ["Cache write", n(totals.cacheWrite)],
    ["Cost", `$${totals.cost.toFixed(4)}`],
  ]
    .map(
      ([label, value]) =>
        `<span class="meta-${slug(label!)}">${escapeHtml(label!)}: <b>${escapeHtml(value!)}</b></span>`,
    )
    .join("");
  const chart = totals.turns.length
    ? `${renderTokenChart(totals.turns)}<div class="legend"><i style="background:var(--bar-in)"></i>prompt tokens<i style="background:var(--bar-out)"></i>output tokens</div>`
    : "";
  return `<header>
<h1>Session ${escapeHtml(doc.sessionId)}</h1>
<p class="meta"><span>${escapeHtml(doc.cwd)}</span><span>${escapeHtml(doc.createdAt)}</span></p>
<p class="meta totals">${meta}</p>
${chart}
</header>`;
}

/** The items of a document (a session, or a subagent's transcript inside its task call). */
function renderItems(doc: ExportDocument): string {
  const results = new Map<string, ToolResultMessage>();
  const callIds = new Set<string>();
  for (const item of doc.items) {
    if (item.kind !== "message") continue;
    if (item.message.role === "toolResult") results.set(item.message.toolCallId, item.message);
    if (item.message.role === "assistant") {
      for (const part of item.message.content) if (part.type === "toolCall") callIds.add(part.id);
    }
  }
  const subagents = doc.subagents ?? {};
  return doc.items.map((item) => renderItem(item, results, callIds, subagents)).join("\n");
}

function renderItem(
  item: ExportItem,
  results: Map<string, ToolResultMessage>,
  callIds: Set<string>,
  subagents: Record<string, ExportDocument>,
): string {
  switch (item.kind) {
    case "message":
      return renderMessage(item.message, results, callIds, subagents);
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

function renderMessage(
  message: Message,
  results: Map<string, ToolResultMessage>,
  callIds: Set<string>,
  subagents: Record<string, ExportDocument>,
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
  return renderAssistant(message, results, subagents);
}

function renderUserPart(part: TextContent | ImageContent): string {
  if (part.type === "text") return `<div class="text">${escapeHtml(part.text)}</div>`;
  return `<img class="attachment" alt="attached image" src="data:${escapeHtml(part.mimeType)};base64,${escapeHtml(part.data)}">`;
}

function renderAssistant(
  message: AssistantMessage,
  results: Map<string, ToolResultMessage>,
  subagents: Record<string, ExportDocument>,
): string {
  const parts = message.content.map((part) => {
    if (part.type === "text") return `<div class="markdown">${renderMarkdown(part.text)}</div>`;
    if (part.type === "thinking") {
      const text = part.redacted ? "(redacted by the provider)" : part.thinking;
      return `<details class="thinking"><summary>Thinking</summary><div class="text">${escapeHtml(text)}</div></details>`;
    }
    return renderToolCall(part, results.get(part.id), subagents[part.id]);
  });
  const failed = message.stopReason === "error" || message.stopReason === "aborted";
  const error = failed
    ? `<div class="error-text">${escapeHtml(message.stopReason === "aborted" ? "Aborted" : `Error: ${message.errorMessage ?? "unknown error"}`)}</div>`
    : "";
  return `<section class="msg assistant${failed ? " error" : ""}"><div class="role">Assistant · ${escapeHtml(message.model)}</div>${parts.join("")}${error}</section>`;
}

function renderToolCall(
  call: ToolCall,
  result: ToolResultMessage | undefined,
  transcript: ExportDocument | undefined,
): string {
  const failed = result?.isError ?? false;
  const args = JSON.stringify(call.arguments, null, 2);
  const resultDiff = extractDiff(result);
  const diffHtml = resultDiff
    ? renderDiff(resultDiff)
    : call.name === "edit"
      ? renderEditArgumentsDiff(call.arguments)
      : undefined;
  let output = result
    ? result.content.map((c) => (c.type === "text" ? c.text : `[image ${c.mimeType}]`)).join("\n")
    : "(no result: the call was interrupted)";
  // The edit tool's text repeats its diff after the outcome; it is shown once, above.
  if (resultDiff) output = output.replace(resultDiff.trimEnd(), "").trimEnd();
  return `<details class="tool-call${failed ? " failed" : ""}"${diffHtml ? " open" : ""}>
<summary>${escapeHtml(call.name)} ${escapeHtml(summariseArguments(call.arguments))}</summary>
<div class="label">Arguments</div><pre class="tool-args">${escapeHtml(args)}</pre>
${diffHtml ? `<div class="label">Diff</div>${diffHtml}` : ""}
<div class="label">Output</div><pre class="tool-output">${escapeHtml(output)}</pre>
${transcript ? `<div class="label">Subagent transcript</div><div class="subagent">${renderItems(transcript)}</div>` : ""}
</details>`;
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

function slug(label: string): string {
  return label.toLowerCase().replace(/[^a-z]+/g, "-");
}
