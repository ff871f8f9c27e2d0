/**
 * Holds back what a client sends right behind `initialize` until that request is
 * answered. The SDK refuses every request that arrives before the connection is
 * initialized, and it dispatches messages as they arrive — so a client that pipelines
 * `session/new` behind `initialize` (it need not wait) had it rejected.
 */
import type { AnyMessage, Stream } from "@agentclientprotocol/sdk";

type Id = string | number | null;

function initializeId(message: AnyMessage): Id | undefined {
  return "method" in message && message.method === "initialize" && "id" in message
    ? message.id
    : undefined;
}

function responseId(message: AnyMessage): Id | undefined {
  return !("method" in message) && "id" in message ? message.id : undefined;
}

export function queueBehindInitialize(stream: Stream): Stream {
  let pending: { id: Id; release: () => void } | undefined;
  let answered = Promise.resolve();
  const reader = stream.readable.getReader();
  const readable = new ReadableStream<AnyMessage>({
    async pull(controller) {
      await answered;
      const next = await reader.read();
      if (next.done) return controller.close();
      const id = initializeId(next.value);
      if (id !== undefined)
        answered = new Promise((release) => {
          pending = { id, release };
        });
      controller.enqueue(next.value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  const writer = stream.writable.getWriter();
  const writable = new WritableStream<AnyMessage>({
    async write(message) {
      await writer.write(message);
      // Its answer (a result or an error) is out: what came after it may go in.
      if (pending && responseId(message) === pending.id) {
        pending.release();
        pending = undefined;
      }
    },
    close: () => writer.close(),
    abort: (reason) => writer.abort(reason),
  });
  return { readable, writable };
}
