// `node bench/src/markdown.mjs [results/latest.json]`: the results as the Markdown table
// the root README's "Performance" section shows (medians and ratios only).
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { formatRatio } from "./stats.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const file = process.argv[2] ?? path.join(here, "..", "results", "latest.json");
const { machine, rows } = JSON.parse(readFileSync(file, "utf8"));

const value = (summary, unit) => {
  if (!summary) return "-";
  const { median } = summary;
  const digits = median < 100 ? 1 : 0;
  return unit ? `${median.toFixed(digits)} ${unit}` : `${median.toFixed(digits)} ms`;
};
const cells = (row) => {
  const targets = Object.entries(row.against ?? {}).map(([side, t]) => `≤ ${t}× ${side}`);
  if (row.self) targets.push(`≤ ${row.self.target}× ${row.self.label}`);
  const verdicts = Object.values(row.verdicts ?? {});
  const mark = !verdicts.length ? "" : verdicts.every((v) => v === "met") ? " ✓" : " ✗";
  return [
    row.name.trim().replace(/^/, row.name.startsWith("  ") ? "↳ " : ""),
    value(row.gong, row.unit),
    value(row.pi, row.unit),
    row.raw ? `${value(row.raw, row.unit)} (${row.rawLabel})` : "-",
    formatRatio(row.ratios?.pi),
    formatRatio(row.ratios?.raw),
    targets.length ? `${targets.join(", ")}${mark}` : "",
  ];
};

console.log(
  `${machine.cpu}, ${machine.cores} cores, node ${machine.node}, pi ${machine.pi}, ${machine.rg}, ${machine.fd}; load average ${machine.loadavgBefore[0].toFixed(1)} → ${machine.loadavgAfter[0].toFixed(1)}, ${machine.date.slice(0, 10)}.\n`,
);
console.log("| benchmark | Gong | pi | raw | Gong/pi | Gong/raw | target |");
console.log("| --- | --: | --: | --: | --: | --: | --- |");
// A pipe inside a cell (`rg -n | head -100`) would end the cell.
const escapePipes = (cell) => String(cell).replaceAll("|", "\\|");
for (const row of rows) console.log(`| ${cells(row).map(escapePipes).join(" | ")} |`);
