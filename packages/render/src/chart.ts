import type { Usage } from "@gong/llm";
import { escapeHtml } from "./escape.js";

export interface TurnTokens {
  /** Prompt side: fresh input plus cache reads and writes (what the context cost). */
  input: number;
  output: number;
}

export function turnTokensFromUsage(usage: Usage): TurnTokens {
  return { input: usage.input + usage.cacheRead + usage.cacheWrite, output: usage.output };
}

const WIDTH = 640;
const HEIGHT = 120;
const PAD_TOP = 14;
const PAD_BOTTOM = 16;

/**
 * A stacked bar per turn — one model call, as agent-core's `turn_start`/`turn_end`
 * count them (prompt tokens below, output tokens on top) — as inline SVG, so the export
 * needs no script or network asset. Each bar has a `<title>` that browsers show as a
 * tooltip; the axis names the first and last turn under their own bars.
 */
export function renderTokenChart(turns: TurnTokens[]): string {
  if (turns.length === 0) return "";
  const max = Math.max(1, ...turns.map((t) => t.input + t.output));
  const plotHeight = HEIGHT - PAD_TOP - PAD_BOTTOM;
  const slot = WIDTH / turns.length;
  const barWidth = Math.max(1, Math.min(40, slot * 0.7));
  const scale = (tokens: number) => (tokens / max) * plotHeight;
  const barX = (i: number) => i * slot + (slot - barWidth) / 2;
  const bars = turns.map((turn, i) => {
    const x = barX(i);
    const inputHeight = scale(turn.input);
    const outputHeight = scale(turn.output);
    const base = HEIGHT - PAD_BOTTOM;
    const label = `Turn ${i + 1}: ${turn.input.toLocaleString("en-US")} prompt + ${turn.output.toLocaleString("en-US")} output tokens`;
    return [
      `<g class="chart-turn"><title>${escapeHtml(label)}</title>`,
      `<rect class="bar-input" x="${x.toFixed(1)}" y="${(base - inputHeight).toFixed(1)}" width="${barWidth.toFixed(1)}" height="${inputHeight.toFixed(1)}"/>`,
      `<rect class="bar-output" x="${x.toFixed(1)}" y="${(base - inputHeight - outputHeight).toFixed(1)}" width="${barWidth.toFixed(1)}" height="${outputHeight.toFixed(1)}"/>`,
      "</g>",
    ].join("");
  });
  return [
    `<svg class="token-chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" role="img" aria-label="Tokens per turn">`,
    `<text class="chart-label" x="0" y="10">max ${max.toLocaleString("en-US")} tokens/turn</text>`,
    `<line class="chart-axis" x1="0" y1="${HEIGHT - PAD_BOTTOM}" x2="${WIDTH}" y2="${HEIGHT - PAD_BOTTOM}"/>`,
    ...bars,
    ...axisLabels(turns.length, barX, barWidth),
    "</svg>",
  ].join("");
}

/** One label under a single bar; else the first bar's left and the last bar's right edge. */
function axisLabels(count: number, barX: (i: number) => number, barWidth: number): string[] {
  const label = (x: number, anchor: string, turn: number) =>
    `<text class="chart-label" x="${x.toFixed(1)}" y="${HEIGHT - 2}" text-anchor="${anchor}">turn ${turn}</text>`;
  if (count === 1) return [label(barX(0) + barWidth / 2, "middle", 1)];
  return [label(barX(0), "start", 1), label(barX(count - 1) + barWidth, "end", count)];
}
