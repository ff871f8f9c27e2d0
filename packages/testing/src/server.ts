import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { MockError, MockResponse, MockStep } from "./steps.js";
import {
  anthropicErrorBody,
  anthropicStreamError,
  renderAnthropicStream,
} from "./wire/anthropic.js";
import {
  completionsStreamError,
  openaiErrorBody,
  renderCompletionsStream,
} from "./wire/openai-completions.js";
import { renderResponsesStream, responsesStreamError } from "./wire/openai-responses.js";

export type MockWire = "anthropic-messages" | "openai-completions" | "openai-responses";

/** One request the server received, for asserting what the client sent. */
export interface RecordedRequest {
  method: string;
  /** Path without query, e.g. `/v1/messages`. */
  path: string;
  /** Lower-cased header names. */
  headers: Record<string, string>;
  /** Parsed JSON body (or the raw text when it was not JSON). */
  body: unknown;
  wire: MockWire | undefined;
  /** `performance.now()` when the request's headers arrived, before its body was read. */
  receivedAt: number;
  /** `performance.now()` when the last byte of the body arrived, before it was decoded. */
  bodyReadAt: number;
  /**
   * `performance.now()` once the body was decoded and parsed: from `bodyReadAt` to here
   * is the mock's own work, which grows with the body (a benchmark can leave it out).
   */
  parsedAt: number;
}

/** Answers requests when the queue is empty (also handy for spawned processes). */
export type MockResponder = (request: RecordedRequest) => MockStep | Promise<MockStep>;

export interface MockLlmServerOptions {
  /** Used when the queue is empty; default: a 500 that says no response was scripted. */
  fallback?: MockStep | MockResponder;
  /** Called with every request as it arrives (the bin's `--record`). */
  onRequest?: (request: RecordedRequest) => void;
}

export interface MockLlmServer {
  /** For `@anthropic-ai/sdk` (it appends `/v1/messages`). */
  readonly anthropicBaseUrl: string;
  /** For `openai` (`…/v1`; it appends `/chat/completions` or `/responses`). */
  readonly openaiBaseUrl: string;
  readonly port: number;
  /** Every request received so far, oldest first. */
  readonly requests: RecordedRequest[];
  /** Queues responses, answered in order, one per request. */
  enqueue(step: MockStep | MockStep[]): void;
  /** Replaces the fallback used once the queue is empty. */
  setFallback(fallback: MockStep | MockResponder | undefined): void;
  /** Steps still queued. */
  pending(): number;
  /** Clears the queue and the recorded requests. */
  reset(): void;
  close(): Promise<void>;
}

/**
 * Listens on 127.0.0.1 at a random port. Node closes an idle keep-alive socket after 5 s;
 * a client whose event loop lags past its own 4 s deadline (a loaded CI machine, 50
 * subagents in one process) then reuses a socket the server already closed and gets a
 * connection error. Real providers keep them open far longer.
 */
async function listenLocal(server: Server): Promise<void> {
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
}

/** Starts the mock on 127.0.0.1 with a random port. */
export async function startMockLlmServer(
  options: MockLlmServerOptions = {},
): Promise<MockLlmServer> {
  const queue: MockStep[] = [];
  const requests: RecordedRequest[] = [];
  let fallback = options.fallback;
  let sequence = 0;

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: `mock server bug: ${String(error)}` } }));
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const receivedAt = performance.now();
    const { body, bodyReadAt, parsedAt } = await readJsonBody(req);
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    const request: RecordedRequest = {
      method: req.method ?? "GET",
      path,
      headers: flattenHeaders(req),
      body,
      wire: wireOf(path),
      receivedAt,
      bodyReadAt,
      parsedAt,
    };
    requests.push(request);
    options.onRequest?.(request);
    const seq = ++sequence;
    if (!request.wire) {
      sendJson(res, 404, { error: { message: `mock LLM server: unknown path ${path}` } });
      return;
    }
    const step = queue.shift() ?? (await fromFallback(request));
    if (step.type === "error") sendError(res, request.wire, step, seq);
    else await sendStream(res, request, step, seq);
  }

  async function fromFallback(request: RecordedRequest): Promise<MockStep> {
    if (typeof fallback === "function") return fallback(request);
    if (fallback) return fallback;
    return {
      type: "error",
      status: 500,
      message: `mock LLM server: no scripted response queued for ${request.method} ${request.path}`,
    };
  }

  await listenLocal(server);
  const port = (server.address() as AddressInfo).port;

  return {
    anthropicBaseUrl: `http://127.0.0.1:${port}`,
    openaiBaseUrl: `http://127.0.0.1:${port}/v1`,
    port,
    requests,
    enqueue(step) {
      queue.push(...(Array.isArray(step) ? step : [step]));
    },
    setFallback(next) {
      fallback = next;
    },
    pending: () => queue.length,
    reset() {
      queue.length = 0;
      requests.length = 0;
    },
    close() {
      // Stalled streams would otherwise keep close() waiting forever.
      server.closeAllConnections();
      return new Promise((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}

function wireOf(path: string): MockWire | undefined {
  if (path.endsWith("/messages")) return "anthropic-messages";
  if (path.endsWith("/chat/completions")) return "openai-completions";
  if (path.endsWith("/responses")) return "openai-responses";
  return undefined;
}

function sendError(res: ServerResponse, wire: MockWire, step: MockError, seq: number): void {
  if (step.inStream) {
    res.writeHead(200, { "content-type": "text/event-stream", ...step.headers });
    res.end(
      wire === "anthropic-messages"
        ? anthropicStreamError(step)
        : wire === "openai-responses"
          ? responsesStreamError(step, seq)
          : completionsStreamError(step),
    );
    return;
  }
  const body =
    step.body ??
    JSON.stringify(
      wire === "anthropic-messages" ? anthropicErrorBody(step) : openaiErrorBody(step),
    );
  res.writeHead(step.status, {
    ...(body ? { "content-type": "application/json" } : {}),
    ...step.headers,
  });
  res.end(body);
}

async function sendStream(
  res: ServerResponse,
  request: RecordedRequest,
  step: MockResponse,
  seq: number,
): Promise<void> {
  const body = (request.body ?? {}) as {
    model?: string;
    stream_options?: { include_usage?: boolean };
  };
  const model = body.model ?? "mock-model";
  const frames =
    request.wire === "anthropic-messages"
      ? renderAnthropicStream(step, model, seq)
      : request.wire === "openai-responses"
        ? renderResponsesStream(step, model, seq)
        : renderCompletionsStream(step, model, seq, body.stream_options?.include_usage === true);

  if (step.stallBeforeResponse) return; // close() or the client ends it
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  res.flushHeaders();
  // Batch frames into few writes when there is no per-event delay: keeps the
  // 10 000-event benchmark measuring the client, not the mock.
  let batch = "";
  for (let index = 0; index < frames.length; index++) {
    if (index === step.dropAfterEvents) {
      if (batch) await write(res, batch);
      res.socket?.destroy();
      return;
    }
    if (index === step.malformedAfterEvents) {
      res.end(batch + malformedFrame(request.wire));
      return;
    }
    if (index === step.stallAfterEvents) {
      if (batch) await write(res, batch);
      return; // leave the connection open; close() or the client ends it
    }
    if (step.eventDelayMs) {
      const every = step.eventsPerDelay ?? 1;
      if (index % every === 0) {
        await new Promise((resolve) => setTimeout(resolve, step.eventDelayMs));
        if (res.destroyed) return;
      }
      batch += frames[index];
      if ((index + 1) % every === 0) {
        await write(res, batch);
        batch = "";
      }
    } else {
      batch += frames[index];
      if (batch.length > 16_384) {
        await write(res, batch);
        batch = "";
      }
    }
  }
  res.end(batch);
}

/** Resolves once the data has been handed to the socket, so a following drop loses nothing. */
/** Truncated JSON under the event name the client would parse (SDKs skip unknown names). */
function malformedFrame(wire: MockWire | undefined): string {
  const event =
    wire === "anthropic-messages"
      ? "event: content_block_delta\n"
      : wire === "openai-responses"
        ? "event: response.output_text.delta\n"
        : "";
  return `${event}data: {"type": "content_block_delta", "index": 0, "delta": {"text": "oops\n\n`;
}

function write(res: ServerResponse, data: string): Promise<void> {
  return new Promise((resolve) => {
    if (res.destroyed) return resolve();
    res.write(data, () => resolve());
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

/** The body, parsed, and when it was read and when parsed (`performance.now()`). */
async function readJsonBody(
  req: IncomingMessage,
): Promise<{ body: unknown; bodyReadAt: number; parsedAt: number }> {
  const chunks = await readBody(req);
  const bodyReadAt = performance.now();
  const body = parseJson(Buffer.concat(chunks).toString("utf8"));
  return { body, bodyReadAt, parsedAt: performance.now() };
}

function readBody(req: IncomingMessage): Promise<Buffer[]> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(chunks));
    req.on("error", reject);
  });
}

function parseJson(raw: string): unknown {
  if (!raw) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

function flattenHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return headers;
}
