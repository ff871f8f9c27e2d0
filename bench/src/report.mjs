// Turns measured rows into the printed table and the JSON record: ratios against pi and
// the raw tool, each against its target.
import {
  slope as fitSlope,
  formatMs,
  formatRatio,
  formatSummary,
  formatTable,
  ratio,
  verdict,
} from "./stats.mjs";

const SIDES = ["gong", "pi", "raw"];

/** A row with its ratios and verdicts filled in. */
export function scoreRow(row) {
  const ratios = {
    pi: ratio(row.gong?.median, row.pi?.median),
    raw: ratio(row.gong?.median, row.raw?.median),
  };
  const verdicts = {};
  for (const [against, target] of Object.entries(row.against ?? {}))
    verdicts[against] = verdict(ratios[against], target);
  // Gong against its own earlier number (e.g. its first turns), when the row has one.
  if (row.self) verdicts.self = verdict(row.self.ratio, row.self.target);
  return { ...row, ratios, verdicts };
}

function formatValue(unit) {
  if (!unit) return formatMs;
  return (value) => `${value < 100 ? value.toFixed(1) : value.toFixed(0)} ${unit}`;
}

function targetText(row) {
  const targets = Object.entries(row.against ?? {}).map(
    ([against, target]) => `≤ ${target}× ${against}`,
  );
  if (row.self) targets.push(`≤ ${row.self.target}× ${row.self.label}`);
  return targets.join(", ");
}

function verdictText(row) {
  const values = Object.values(row.verdicts);
  if (!values.length) return "";
  return values.every((v) => v === "met") ? "met" : values.includes("MISSED") ? "MISSED" : "-";
}

/** The results table: one line per row, medians with (min–max), ratios and targets. */
export function formatRows(rows) {
  const header = ["benchmark", "Gong", "pi", "raw", "Gong/pi", "Gong/raw", "target", "", "note"];
  const lines = rows.map((row) => {
    const format = formatValue(row.unit);
    return [
      row.name,
      formatSummary(row.gong, format),
      formatSummary(row.pi, format),
      row.raw ? `${formatSummary(row.raw, format)} ${row.rawLabel ?? ""}` : (row.rawLabel ?? "-"),
      formatRatio(row.ratios.pi),
      formatRatio(row.ratios.raw),
      targetText(row),
      verdictText(row),
      row.note ?? "",
    ];
  });
  return formatTable(header, lines);
}

/** One line per scaling case: the time at each size and the fitted exponent per side. */
export function formatScaling(scaling) {
  const header = ["scaling", "side", "points (size: median)", "slope"];
  const lines = [];
  for (const [name, { points }] of Object.entries(scaling)) {
    for (const side of SIDES) {
      if (!points[side]?.length) continue;
      lines.push([
        name,
        side,
        points[side].map(([x, y]) => `${x}: ${formatMs(y)}`).join(", "),
        fitSlope(points[side]).toFixed(2),
      ]);
    }
  }
  return formatTable(header, lines);
}

/** The JSON record of one run: no per-run arrays, just summaries, ratios and verdicts. */
export function toRecord(rows) {
  return rows.map((row) => {
    const out = { ...row };
    for (const side of SIDES) if (out[side]) out[side] = stripRuns(out[side]);
    return out;
  });
}

function stripRuns({ runs: _runs, ...summary }) {
  return summary;
}
