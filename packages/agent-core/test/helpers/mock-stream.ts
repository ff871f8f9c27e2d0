/**
 * An in-process scripted model: each LLM call takes the next scripted response and
 * streams it as real `@gong/llm` events (start, text/toolcall start/delta/end, done or
 * error), honouring the abort signal.
 */
import type {
  AssistantMessage,
  Context,
  ErrorKind,
  Model,
  StreamFunction,
  StreamOptions,
  TextContent,
  ToolCall,
} from "@gong/llm";
import { createAssistantMessageEventStream } from "@gong/llm";

export const testModel: Model = {
  id: "mock-model",
  name: "Mock",
  api: "anthropic-messages",
  provider: "mock",
  baseUrl: "http://127.0.0.1",
  reasoning: false,
  input: ["text", "image"],
  cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
  contextWindow: 200_000,
  maxTokens: 8192,
};

export const text = (t: string): TextContent => ({ type: "text", text: t });
export const toolCall = (
  id: string,
  name: string,
  args: Record<string, unknown> = {},
): ToolCall => ({
  type: "toolCall",
  id,
  name,
  arguments: args,
});

export interface MessageOptions {
  stopReason?: AssistantMessage["stopReason"];
  errorKind?: ErrorKind;
  errorMessage?: string;
  retryAfterMs?: number;
  input?: number;
  output?: number;
}

export function assistant(
  content: (TextContent | ToolCall)[],
  options: MessageOptions = {},
): AssistantMessage {
  const input = options.input ?? 10;
  const output = options.output ?? 5;
  const message: AssistantMessage = {
    role: "assistant",
    content,
    api: "anthropic-messages",
    provider: "mock",
    model: "mock-model",
    usage: {
      input,
      output,
      cacheRead: 0,
      cacheWrite: 0,
      totalTokens: input + output,
      cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0.001 },
    },
    stopReason:
      options.stopReason ?? (content.some((c) => c.type === "toolCall") ? "toolUse" : "stop"),
    timestamp: Date.now(),
  };
  if (options.errorKind) message.errorKind = options.errorKind;
  if (options.errorMessage) message.errorMessage = options.errorMessage;
  if (options.retryAfterMs !== undefined) message.retryAfterMs = options.retryAfterMs;
  return message;
}

export function failed(kind: ErrorKind, message: string, extra: MessageOptions = {}) {
  return assistant([], { stopReason: "error", errorKind: kind, errorMessage: message, ...extra });
}

export interface Scripted {
  message: AssistantMessage;
  /** Wait before each streamed chunk (lets tests steer or abort mid-stream). */
  chunkDelayMs?: number;
  /** Never finish until aborted. */
  hang?: boolean;
}

export type Script =
  | AssistantMessage
  | Scripted
  | ((
      context: Context,
      callIndex: number,
    ) => AssistantMessage | Scripted | Promise<AssistantMessage | Scripted>);

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    });
  });

export interface MockModel {
  streamFn: StreamFunction;
  /** Every request as sent (JSON copy of the context). */
  requests: Context[];
  options: (StreamOptions | undefined)[];
}

export function mockModel(scripts: Script[], fallback?: Script): MockModel {
  const requests: Context[] = [];
  const options: (StreamOptions | undefined)[] = [];
  const streamFn: StreamFunction = (_model, context, opts) => {
    const callIndex = requests.length;
    requests.push(
      JSON.parse(
        JSON.stringify({ ...context, tools: context.tools?.map((t) => ({ name: t.name })) }),
      ),
    );
    options.push(opts);
    const stream = createAssistantMessageEventStream();
    const script = scripts[callIndex] ?? fallback;
    void (async () => {
      if (!script) {
        stream.push({
          type: "error",
          reason: "error",
          error: failed("unknown", `mock: no script for call ${callIndex}`),
        });
        return;
      }
      const resolved = typeof script === "function" ? await script(context, callIndex) : script;
      const scripted: Scripted = "role" in resolved ? { message: resolved } : resolved;
      await playScript(stream, scripted, opts?.signal);
    })();
    return stream;
  };
  return { streamFn, requests, options };
}

async function playScript(
  stream: ReturnType<typeof createAssistantMessageEventStream>,
  scripted: Scripted,
  signal: AbortSignal | undefined,
) {
  const final = scripted.message;
  const partial: AssistantMessage = { ...final, content: [], stopReason: "stop" };
  const delay = scripted.chunkDelayMs ?? 0;
  const abortedResult = () => {
    stream.push({
      type: "error",
      reason: "aborted",
      error: {
        ...partial,
        content: [...partial.content],
        stopReason: "aborted",
        errorMessage: "aborted",
      },
    });
  };
  stream.push({ type: "start", partial: { ...partial, content: [] } });
  if (!Array.isArray(final.content)) {
    // A provider that hands back non-array content (Pi bug #1434): deliver it as is.
    stream.push({ type: "done", reason: "stop", message: final as never });
    return;
  }
  for (const [index, part] of final.content.entries()) {
    if (delay) await sleep(delay, signal);
    if (signal?.aborted) return abortedResult();
    if (part.type === "text") {
      const half = Math.ceil(part.text.length / 2);
      const first = { type: "text" as const, text: part.text.slice(0, half) };
      partial.content = [...partial.content, first];
      stream.push({ type: "text_start", contentIndex: index, partial: { ...partial } });
      stream.push({
        type: "text_delta",
        contentIndex: index,
        delta: first.text,
        partial: { ...partial },
      });
      if (delay) await sleep(delay, signal);
      if (signal?.aborted) return abortedResult();
      partial.content = [...partial.content.slice(0, -1), { ...part }];
      stream.push({
        type: "text_delta",
        contentIndex: index,
        delta: part.text.slice(half),
        partial: { ...partial },
      });
      stream.push({
        type: "text_end",
        contentIndex: index,
        content: part.text,
        partial: { ...partial },
      });
    } else if (part.type === "toolCall") {
      partial.content = [...partial.content, { ...part, arguments: {} }];
      stream.push({ type: "toolcall_start", contentIndex: index, partial: { ...partial } });
      stream.push({
        type: "toolcall_delta",
        contentIndex: index,
        delta: JSON.stringify(part.arguments),
        partial: { ...partial },
      });
      partial.content = [...partial.content.slice(0, -1), part];
      stream.push({
        type: "toolcall_end",
        contentIndex: index,
        toolCall: part,
        partial: { ...partial },
      });
    }
  }
  if (scripted.hang) {
    await new Promise<void>((resolve) => {
      if (signal?.aborted) resolve();
      signal?.addEventListener("abort", () => resolve());
    });
    return abortedResult();
  }
  if (signal?.aborted) return abortedResult();
  if (final.stopReason === "error" || final.stopReason === "aborted") {
    stream.push({ type: "error", reason: final.stopReason, error: final });
  } else {
    stream.push({ type: "done", reason: final.stopReason, message: final });
  }
}
