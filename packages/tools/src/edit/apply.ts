/**
 * Applying matched spans (test/edit.test.ts 2.9). Every span was found in the original
 * file, so they are applied in file order to the original text — never one after another
 * to a changing text — and two that overlap cannot both be honoured.
 */
import { type SplitText, toBodyIndex, withEnding } from "./line-endings.js";
import type { EditSpan } from "./match.js";

export type OrderedSpans =
  | { ok: true; spans: EditSpan[] }
  | { ok: false; previous: EditSpan; current: EditSpan };

/** The spans in file order, or the first pair that overlaps. */
export function orderSpans(found: readonly EditSpan[]): OrderedSpans {
  const spans = [...found].sort((a, b) => a.start - b.start);
  for (let i = 1; i < spans.length; i++) {
    const previous = spans[i - 1]!;
    const current = spans[i]!;
    if (current.start < previous.end) return { ok: false, previous, current };
  }
  return { ok: true, spans };
}

export interface AppliedEdits {
  /** The new text as written: original line endings outside the spans, the file's own inside. */
  body: string;
  /** The new text in LF space, for the diff. */
  lf: string;
}

/** Replaces each span (in file order, not overlapping) in the body and in its LF form. */
export function applySpans(split: SplitText, spans: readonly EditSpan[]): AppliedEdits {
  let body = "";
  let lf = "";
  let bodyCursor = 0;
  let lfCursor = 0;
  for (const span of spans) {
    const bodyStart = toBodyIndex(split, span.start);
    body += split.body.slice(bodyCursor, bodyStart) + withEnding(span.newText, split.ending);
    lf += split.lf.slice(lfCursor, span.start) + span.newText;
    bodyCursor = toBodyIndex(split, span.end);
    lfCursor = span.end;
  }
  return { body: body + split.body.slice(bodyCursor), lf: lf + split.lf.slice(lfCursor) };
}
