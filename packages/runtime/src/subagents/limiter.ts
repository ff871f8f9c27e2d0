/**
 * At most `limit()` holders at a time; the rest wait in arrival order. The limit is
 * read at each acquire, so a settings edit applies to the next task call.
 */
export class Limiter {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: () => number) {}

  /** Resolves with the release function, or undefined when `signal` aborts first. */
  acquire(signal: AbortSignal | undefined): Promise<(() => void) | undefined> {
    if (signal?.aborted) return Promise.resolve(undefined);
    if (this.running < this.limit()) return Promise.resolve(this.hold());
    return new Promise((resolve) => {
      const start = () => {
        signal?.removeEventListener("abort", cancel);
        resolve(this.hold());
      };
      const cancel = () => {
        const at = this.waiting.indexOf(start);
        if (at !== -1) this.waiting.splice(at, 1);
        resolve(undefined);
      };
      this.waiting.push(start);
      signal?.addEventListener("abort", cancel, { once: true });
    });
  }

  private hold(): () => void {
    this.running++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running--;
      if (this.running < this.limit()) this.waiting.shift()?.();
    };
  }
}
