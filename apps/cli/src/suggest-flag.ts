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
 * one for short names, so `--x` never suggests `-h`. Among equals, a name of the typed
 * length comes first: `--modle` is `--model` with two letters swapped, not `--mode`
 * with one added.
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
  const lengthGap = (name: string) => Math.abs(name.length - typed.length);
  return best.sort((a, b) => lengthGap(a) - lengthGap(b));
}

/**
 * Optimal string alignment distance: Levenshtein plus the swap of two adjacent
 * characters as one edit, the commonest typo (`--modle`, `/mdoel`).
 */
function editDistance(a: string, b: string): number {
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitute = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, substitute);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        current[j] = Math.min(current[j]!, beforePrevious[j - 2]! + 1);
    }
    beforePrevious = previous;
    previous = current;
  }
  return previous[b.length]!;
}
