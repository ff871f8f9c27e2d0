import type { ProviderRun } from "./run-stream.js";
import { type ServerSentEvent, SseDecoder } from "./sse-decoder.js";

/**
 * Reads a streamed answer's body to its end, handing every server-sent event to
 * `handle`, every event of a chunk in one go (the SDKs' own readers take several
 * microtask hops per event). Each chunk counts as activity for the idle timeout; an
 * error thrown by `handle` or an abort stops the download.
 */
export async function readServerSentEvents(
  run: ProviderRun,
  response: Response,
  handle: (event: ServerSentEvent) => void,
): Promise<void> {
  if (!response.body) throw new Error("the response had no body");
  const decoder = new SseDecoder();
  const reader = response.body.getReader();
  let drained = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      const events = done ? decoder.end() : decoder.push(value);
      if (!done) run.touch();
      for (const event of events) {
        const waiting = run.readerWaiting();
        handle(event);
        // A consumer that was waiting got this event: let it read it before the message
        // changes again (a tool call's arguments, seen growing delta by delta). One that
        // lags behind gets the rest of the chunk queued, without a hop per event.
        if (waiting) await Promise.resolve();
      }
      if (done) break;
    }
    drained = true;
  } finally {
    if (!drained) reader.cancel().catch(() => {});
  }
}
