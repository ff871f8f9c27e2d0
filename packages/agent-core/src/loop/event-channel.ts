import type { AgentEvent } from "../events.js";

/**
 * Events that callbacks produce while the loop awaits work — a tool's progress, the calls
 * of a concurrent batch — handed to the loop's generator in the order they were pushed,
 * so they reach the agent through the same stream as the loop's own events.
 */
export class EventChannel {
  private readonly queue: AgentEvent[] = [];
  private wake: (() => void) | undefined;

  readonly push = (event: AgentEvent): void => {
    this.queue.push(event);
    this.wake?.();
  };

  /**
   * Yields the pushed events until `work` settles and every event pushed before then was
   * yielded; returns what `work` resolved to, or throws what it threw.
   */
  async *until<T>(work: Promise<T>): AsyncGenerator<AgentEvent, T> {
    let settled = false;
    const onSettled = () => {
      settled = true;
      this.wake?.();
    };
    work.then(onSettled, onSettled);
    for (;;) {
      const event = this.queue.shift();
      if (event) {
        yield event;
        continue;
      }
      if (settled) return await work;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
      this.wake = undefined;
    }
  }
}
