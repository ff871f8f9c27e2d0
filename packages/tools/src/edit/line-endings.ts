/**
 * BOM and line endings (test/edit.test.ts, section 3). Matching happens on LF text; the
 * result is spliced back into the *original* text, so a file with mixed endings keeps
 * every ending outside the edited span, and the inserted text takes the file's own
 * ending (the style of its first newline).
 */

type LineEnding = "\r\n" | "\n";

export interface SplitText {
  bom: string;
  /** The text without its BOM, exactly as on disk. */
  body: string;
  /** `body` with `\r\n` and lone `\r` turned into `\n`. */
  lf: string;
  ending: LineEnding;
  /** LF-space indexes of the `\n`s that were `\r\n` in `body`, ascending. */
  crlfAt: number[];
}

export function splitText(text: string): SplitText {
  const bom = text.startsWith("\uFEFF") ? "\uFEFF" : "";
  const body = bom ? text.slice(1) : text;
  const firstNewline = body.indexOf("\n");
  const ending: LineEnding = firstNewline > 0 && body[firstNewline - 1] === "\r" ? "\r\n" : "\n";
  const crlfAt: number[] = [];
  if (body.indexOf("\r") === -1) return { bom, body, lf: body, ending, crlfAt };
  let removed = 0;
  let at = body.indexOf("\r\n");
  while (at !== -1) {
    crlfAt.push(at - removed);
    removed++;
    at = body.indexOf("\r\n", at + 2);
  }
  const lf = body.replace(/\r\n/g, "\n").replace(/\r/g, "\n");
  return { bom, body, lf, ending, crlfAt };
}

/** Position in `body` of LF-space index `lfIndex`. */
export function toBodyIndex(split: SplitText, lfIndex: number): number {
  // Count the CRLFs whose `\n` lies before lfIndex: each adds one `\r` in body.
  let low = 0;
  let high = split.crlfAt.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (split.crlfAt[mid]! < lfIndex) low = mid + 1;
    else high = mid;
  }
  return lfIndex + low;
}

export function toLf(text: string): string {
  return text.indexOf("\r") === -1 ? text : text.replace(/\r\n/g, "\n").replace(/\r/g, "\n");
}

export function withEnding(lfText: string, ending: LineEnding): string {
  return ending === "\n" ? lfText : lfText.replace(/\n/g, "\r\n");
}
