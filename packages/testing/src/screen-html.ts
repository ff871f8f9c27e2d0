import type xterm from "@xterm/headless";

/**
 * The visible screen of a headless xterm as a self-contained HTML page, colours and
 * bold/dim/italic/underline/inverse taken from the cells, so a browser can take a
 * screenshot of exactly what a terminal would show (docs/screens).
 */

/** A dark terminal theme (VS Code's 16 ANSI colours). */
const ANSI = [
  "#000000",
  "#cd3131",
  "#0dbc79",
  "#e5e510",
  "#2472c8",
  "#bc3fbc",
  "#11a8cd",
  "#e5e5e5",
  "#666666",
  "#f14c4c",
  "#23d18b",
  "#f5f543",
  "#3b8eea",
  "#d670d6",
  "#29b8db",
  "#ffffff",
];
const FOREGROUND = "#cccccc";
const BACKGROUND = "#1e1e1e";

function paletteColor(index: number): string {
  if (index < 16) return ANSI[index] ?? FOREGROUND;
  if (index < 232) {
    const level = (n: number) => (n === 0 ? 0 : 55 + n * 40);
    const n = index - 16;
    return rgb(level(Math.floor(n / 36)), level(Math.floor(n / 6) % 6), level(n % 6));
  }
  const gray = 8 + (index - 232) * 10;
  return rgb(gray, gray, gray);
}

function rgb(r: number, g: number, b: number): string {
  return `#${[r, g, b].map((n) => n.toString(16).padStart(2, "0")).join("")}`;
}

function cellColor(cell: xterm.IBufferCell, which: "fg" | "bg"): string | undefined {
  const isDefault = which === "fg" ? cell.isFgDefault() : cell.isBgDefault();
  if (isDefault) return undefined;
  const value = which === "fg" ? cell.getFgColor() : cell.getBgColor();
  const isRgb = which === "fg" ? cell.isFgRGB() : cell.isBgRGB();
  return isRgb ? rgb((value >> 16) & 255, (value >> 8) & 255, value & 255) : paletteColor(value);
}

function cellStyle(cell: xterm.IBufferCell): string {
  let fg = cellColor(cell, "fg");
  let bg = cellColor(cell, "bg");
  if (cell.isInverse()) [fg, bg] = [bg ?? BACKGROUND, fg ?? FOREGROUND];
  const rules: string[] = [];
  if (fg) rules.push(`color:${fg}`);
  if (bg) rules.push(`background:${bg}`);
  if (cell.isBold()) rules.push("font-weight:bold");
  if (cell.isDim()) rules.push("opacity:0.6");
  if (cell.isItalic()) rules.push("font-style:italic");
  if (cell.isUnderline()) rules.push("text-decoration:underline");
  if (cell.isStrikethrough()) rules.push("text-decoration:line-through");
  if (cell.isInvisible()) rules.push("visibility:hidden");
  return rules.join(";");
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * The screen as HTML: one `<div>` per row, one `<span>` per run of equally styled cells.
 * Empty rows below the last drawn one are left out (an inline program leaves them unused).
 */
export function screenHtml(terminal: xterm.Terminal, title = "gong"): string {
  const buffer = terminal.buffer.active;
  const rows: string[] = [];
  let used = terminal.rows;
  while (
    used > 1 &&
    buffer
      .getLine(buffer.baseY + used - 1)
      ?.translateToString(true)
      .trim() === ""
  )
    used--;
  for (let y = 0; y < used; y++) {
    const line = buffer.getLine(buffer.baseY + y);
    let html = "";
    let style = "";
    let run = "";
    const flush = () => {
      if (run) html += style ? `<span style="${style}">${escapeHtml(run)}</span>` : escapeHtml(run);
      run = "";
    };
    for (let x = 0; line && x < terminal.cols; x++) {
      const cell = line.getCell(x);
      if (!cell || cell.getWidth() === 0) continue; // the second half of a wide character
      const next = cellStyle(cell);
      if (next !== style) {
        flush();
        style = next;
      }
      run += cell.getChars() || " ";
    }
    flush();
    rows.push(`<div>${html}</div>`);
  }
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>
body { margin: 0; background: ${BACKGROUND}; }
#screen { display: inline-block; padding: 14px 16px; color: ${FOREGROUND}; background: ${BACKGROUND};
  font: 14px/1.25 "DejaVu Sans Mono", "Liberation Mono", monospace; white-space: pre; }
#screen div { height: 1.25em; }
</style></head><body><div id="screen">${rows.join("")}</div></body></html>
`;
}
