import { visibleWidth, wrapTextWithAnsi } from "@mariozechner/pi-tui";

/**
 * Text wrapped at spaces to `width` columns, where a word longer than the line — a path
 * (/session's file, the first-run screen's models.json) — breaks after a `/`, so no folder
 * or file name is cut in two; only a single name longer than the line is still cut.
 */
export function wrapWords(text: string, width: number): string[] {
  return wrapTextWithAnsi(breakPaths(text, width), width);
}

function breakPaths(text: string, width: number): string {
  return text
    .split(" ")
    .map((word) => {
      if (visibleWidth(word) <= width || !word.includes("/")) return word;
      const lines: string[] = [];
      let line = "";
      for (const part of word.split(/(?<=\/)/)) {
        if (line !== "" && visibleWidth(line + part) > width) {
          lines.push(line);
          line = "";
        }
        line += part;
      }
      return [...lines, line].join("\n");
    })
    .join(" ");
}
