import type {
  AssistantMessage,
  AssistantMessageEvent,
  AssistantMessageEventStream,
} from "./types.js";

/** A stream that providers (and test mocks) push events into. */
export interface AssistantMessageEventSource extends AssistantMessageEventStream {
  /** Delivers an event; a `done` or `error` event also settles `result()` and ends the stream. */
  push(event: AssistantMessageEvent): void;
  /** Whether the consumer is waiting for the next event (the next push hands it over). */
  readerWaiting(): boolean;
}

/**
 * Push-based async iterable of assistant-message events for one consumer. Events
 * pushed before anyone iterates are buffered; `result()` resolves with the message of
 * the terminal `done`/`error` event and never rejects.
 */
export function createAssistantMessageEventStream(): AssistantMessageEventSource {
  // Buffered events are read from `head` instead of `shift()`ed, and the array is reset
  // once drained: no per-event array moves when the consumer falls behind.
  let queue: AssistantMessageEvent[] = [];
  let head = 0;
  const waiting: ((next: IteratorResult<AssistantMessageEvent>) => void)[] = [];
  let finished = false;
  let settle!: (message: AssistantMessage) => void;
  const final = new Promise<AssistantMessage>((resolve) => {
    settle = resolve;
  });

  return {
    push(event) {
      if (finished) return;
      if (event.type === "done" || event.type === "error") {
        finished = true;
        settle(event.type === "done" ? event.message : event.error);
      }
      const reader = waiting.shift();
      if (reader) reader({ value: event, done: false });
      else queue.push(event);
      if (finished) {
        for (const pending of waiting.splice(0)) pending({ value: undefined, done: true });
      }
    },
    readerWaiting: () => waiting.length > 0,
    result: () => final,
    [Symbol.asyncIterator]() {
      return {
        next() {
          if (head < queue.length) {
            const event = queue[head++] as AssistantMessageEvent;
            if (head === queue.length) {
              queue = [];
              head = 0;
            }
            return Promise.resolve({ value: event, done: false });
          }
          if (finished) return Promise.resolve({ value: undefined, done: true });
          return new Promise((resolve) => waiting.push(resolve));
        },
      };
    },
  };
}
