interface Waiter {
  start: () => void;
  cancel: () => void;
  signal: AbortSignal | undefined;
}

/**
 * At most `limit()` holders at a time; the rest wait in arrival order. The limit is
 * read at each acquire, so a settings edit applies to the next task call.
 *
 * The calls of one message share one AbortSignal: the waiters on a signal share one
 * abort listener, added with the first and removed with the last, so 50 task calls
 * waiting on one signal do not add 50 listeners to it (Node's
 * MaxListenersExceededWarning; apps/cli/test/many-subagents.test.ts).
 */
export class Limiter {
  private running = 0;
  private readonly waiting: Waiter[] = [];
  private readonly listeners = new Map<AbortSignal, () => void>();

  constructor(private readonly limit: () => number) {}

  /** Resolves with the release function, or undefined when `signal` aborts first. */
  acquire(signal: AbortSignal | undefined): Promise<(() => void) | undefined> {
    if (signal?.aborted) return Promise.resolve(undefined);
    if (this.running < this.limit()) return Promise.resolve(this.hold());
    return new Promise((resolve) => {
      this.waiting.push({
        start: () => resolve(this.hold()),
        cancel: () => resolve(undefined),
        signal,
      });
      if (signal) this.listen(signal);
    });
  }

  /** The one listener of `signal`: cancels every waiter on it. */
  private listen(signal: AbortSignal): void {
    if (this.listeners.has(signal)) return;
    const onAbort = () => {
      this.listeners.delete(signal);
      for (const waiter of this.waiting.filter((w) => w.signal === signal)) {
        this.waiting.splice(this.waiting.indexOf(waiter), 1);
        waiter.cancel();
      }
    };
    this.listeners.set(signal, onAbort);
    signal.addEventListener("abort", onAbort, { once: true });
  }

  /** Starts the next waiter; its signal's listener goes once nobody waits on it. */
  private startNext(): void {
    const next = this.waiting.shift();
    if (!next) return;
    const { signal } = next;
    if (signal && !this.waiting.some((w) => w.signal === signal)) {
      const onAbort = this.listeners.get(signal);
      if (onAbort) signal.removeEventListener("abort", onAbort);
      this.listeners.delete(signal);
    }
    next.start();
  }

  private hold(): () => void {
    this.running++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running--;
      if (this.running < this.limit()) this.startNext();
    };
  }
}
