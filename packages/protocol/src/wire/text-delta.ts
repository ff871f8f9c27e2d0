/**
 * A live text that changes as a window (a command's tail: new output at the end, old
 * lines cut at the front) sent as what changed: drop `dropLines` lines from the front
 * of the text held, then append `text`. Lines are the pieces between `\n`, so any
 * language rebuilds it the same way:
 * `held.split("\n").slice(dropLines).join("\n") + text`.
 */
export interface TextDelta {
  dropLines: number;
  text: string;
}

/**
 * The smallest delta from `before` to `after` that keeps a run of whole lines of
 * `before`: the longest part of it that starts after one of its newlines and that
 * `after` starts with. A window that moved further than that (nothing in common)
 * drops everything and sends `after` whole. The search is bounded (a pathological
 * text of near-identical long lines gets the whole text rather than a slow answer).
 */
export function textDelta(before: string, after: string): TextDelta {
  if (after.startsWith(before)) return { dropLines: 0, text: after.slice(before.length) };
  // A candidate must begin with `after`'s first line: a cheap test before the full one.
  const firstEnd = after.indexOf("\n");
  const firstLine = firstEnd === -1 ? after : after.slice(0, firstEnd + 1);
  let budget = 4 * (before.length + after.length);
  let lines = 0;
  for (let at = before.indexOf("\n"); at !== -1; at = before.indexOf("\n", at + 1)) {
    lines++;
    const start = at + 1;
    const kept = before.length - start;
    if (kept > after.length) continue;
    if (kept >= firstLine.length && !before.startsWith(firstLine, start)) continue;
    budget -= kept;
    if (budget < 0) break;
    if (after.startsWith(before.slice(start))) return { dropLines: lines, text: after.slice(kept) };
  }
  return { dropLines: before.split("\n").length, text: after };
}
