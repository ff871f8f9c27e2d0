// Pure helpers: summaries of repeated timings, ratios, scaling slopes and the table.

/** Median, min and max of a non-empty list of numbers. */
export function summarize(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { median, min: sorted[0], max: sorted[sorted.length - 1], n: sorted.length };
}

/** a / b, or undefined when either side is missing or b is zero. */
export function ratio(a, b) {
  if (a === undefined || b === undefined || !b) return undefined;
  return a / b;
}

/**
 * The exponent k of time ≈ c · size^k: least squares on log-log points. 1 is linear,
 * 0 flat. Points are [size, time] with both positive.
 */
export function slope(points) {
  const xs = points.map(([x]) => Math.log(x));
  const ys = points.map(([, y]) => Math.log(y));
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  let num = 0;
  let den = 0;
  for (let i = 0; i < xs.length; i++) {
    num += (xs[i] - mx) * (ys[i] - my);
    den += (xs[i] - mx) ** 2;
  }
  return den ? num / den : 0;
}

/** "12.3 ms" below 10 s, "12.3 s" above; one decimal under 100, none above. */
export function formatMs(ms) {
  if (ms === undefined) return "-";
  if (ms >= 10_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${ms < 100 ? ms.toFixed(1) : ms.toFixed(0)} ms`;
}

/** "0.23×", or "-" when there is no ratio. */
export function formatRatio(value) {
  return value === undefined ? "-" : `${value.toFixed(2)}×`;
}

/** A summary as "median (min–max)". */
export function formatSummary(summary, format = formatMs) {
  if (!summary) return "-";
  return `${format(summary.median)} (${format(summary.min)}–${format(summary.max)})`;
}

/** Left-aligned columns separated by two spaces, a dashed rule under the header. */
export function formatTable(header, rows) {
  const widths = header.map((h, i) =>
    Math.max(h.length, ...rows.map((row) => String(row[i] ?? "").length)),
  );
  const line = (cells) =>
    cells
      .map((cell, i) => String(cell ?? "").padEnd(widths[i]))
      .join("  ")
      .trimEnd();
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

/** "met", "MISSED" or "-" for a measured ratio against a `≤ target`. */
export function verdict(value, target) {
  if (value === undefined || target === undefined) return "-";
  return value <= target ? "met" : "MISSED";
}
