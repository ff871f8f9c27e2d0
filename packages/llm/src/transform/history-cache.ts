/**
 * State kept per conversation history between calls, found by the history's first
 * message. At most `limit` histories are kept: an old one stays reachable through its
 * first message long after it is sent (a session keeps every entry in memory, also the
 * ones a compaction replaced), so a WeakMap alone would keep its state for good.
 */
export class HistoryCache<T> {
  private readonly byFirst = new WeakMap<object, T>();
  /** The histories kept, oldest first. */
  private readonly recent: object[] = [];

  constructor(private readonly limit: number) {}

  get(first: object): T | undefined {
    return this.byFirst.get(first);
  }

  set(first: object, value: T): void {
    if (!this.byFirst.has(first)) {
      this.recent.push(first);
      if (this.recent.length > this.limit) this.byFirst.delete(this.recent.shift()!);
    }
    this.byFirst.set(first, value);
  }
}

/** Histories sent at the same time: a session, its compaction, a few subagents. */
export const HISTORIES_KEPT = 8;
