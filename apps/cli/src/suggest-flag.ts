/**
 * The known flag closest to a mistyped one (`--contnue` → `--continue`), or undefined
 * when none is close enough to be a plausible typo.
 */
export function suggestFlag(typed: string, known: readonly string[]): string | undefined {
  return closestNames(typed, known)[0];
}

/**
 * The known names closest to a mistyped one (flags, slash commands), best first: every
 * name at the smallest edit distance, if it is a plausible typo — at most two edits, or
 * one for short names, so `--x` never suggests `-h`.
 */
export function closestNames(typed: string, known: readonly string[]): string[] {
  const limit = typed.length <= 4 ? 1 : 2;
  let best: string[] = [];
  let bestDistance = limit + 1;
  for (const candidate of known) {
    const distance = editDistance(typed, candidate);
    if (distance < bestDistance) {
      best = [candidate];
      bestDistance = distance;
    } else if (distance === bestDistance && distance <= limit) {
      best.push(candidate);
    }
  }
  return best;
}

/** Levenshtein distance, one row at a time. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitute = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, substitute);
    }
    previous = current;
  }
  return previous[b.length]!;
}
