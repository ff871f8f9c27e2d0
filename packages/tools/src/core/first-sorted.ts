/**
 * The `count` smallest items in order, without sorting them all: ls shows 500 of a
 * folder's entries, and a full sort of 10 000 names in directory order costs 2.5 ms
 * where keeping the first 500 costs 0.5 ms. Same result as `sort(compare).slice(0, count)`
 * for a total order (ls compares the names, which are unique).
 */
export function firstSorted<T>(
  items: readonly T[],
  count: number,
  compare: (a: T, b: T) => number,
): T[] {
  if (count >= items.length) return [...items].sort(compare);
  const kept: T[] = [];
  for (const item of items) {
    // Most items of a big folder lose against the last kept one: one comparison each.
    if (kept.length === count && compare(item, kept[count - 1]!) >= 0) continue;
    let low = 0;
    let high = kept.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (compare(kept[middle]!, item) <= 0) low = middle + 1;
      else high = middle;
    }
    kept.splice(low, 0, item);
    if (kept.length > count) kept.pop();
  }
  return kept;
}
