// The subpath, not the index: the index reaches model files and settings, which a page
// bundle cannot resolve (test/browser-safe.test.ts).
import { addUsage, emptyUsage, emptyUsageTotals, type UsageTotals } from "@gong/llm/cost";
import { renderTokenChart, type TurnTokens, turnTokensFromUsage } from "./chart.js";
import type { ExportDocument, ExportItem } from "./document.js";
import { escapeHtml } from "./escape.js";
import { renderItems } from "./render-message.js";
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

function slug(label: string): string {
  return label.toLowerCase().replace(/[^a-z]+/g, "-");
}
