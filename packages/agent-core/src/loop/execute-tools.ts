import type { ToolResponse } from "@gong/base";
import type {
  AssistantMessage,
  ImageContent,
  Message,
  TextContent,
  ToolCall,
  ToolResultMessage,
} from "@gong/llm";
import type { Tool, ToolImage } from "@gong/tools";
import { failure, runTool } from "@gong/tools";
import { doomLoopNotice } from "../doom-loop.js";
import type { AgentEvent } from "../events.js";
import { endSpan, startSpan } from "../observability/tracing.js";
import { resolveOutputLevel } from "../output-level.js";
import { cutOffEnvelope, isCutOff } from "./cut-off-call.js";
import { EventChannel } from "./event-channel.js";
import type { LoopContext, RunConfig } from "./run-context.js";

export const SKIPPED_FOR_STEERING = "Skipped due to queued user message";
const SKIPPED_FOR_ABORT = "Skipped because the run was aborted";

export interface ToolExecutionOutcome {
  results: ToolResultMessage[];
  /** Steering messages that arrived while tools ran; the remaining calls were skipped. */
  steering: Message[];
}

function imagesOf(envelope: ToolResponse): ImageContent[] {
  const images = (envelope.data as { images?: unknown }).images;
  if (!Array.isArray(images)) return [];
  return images.flatMap((image: ToolImage) =>
    image && typeof image.data === "string" && typeof image.mimeType === "string"
      ? [{ type: "image" as const, data: image.data, mimeType: image.mimeType }]
      : [],
  );
}

/** The model sees the envelope's `text` (+ images); `details` keeps the whole envelope. */
function toResultMessage(call: ToolCall, envelope: ToolResponse): ToolResultMessage {
  const content: (TextContent | ImageContent)[] = [{ type: "text", text: envelope.text }];
  content.push(...imagesOf(envelope));
  return {
    role: "toolResult",
    toolCallId: call.id,
    toolName: call.name,
    content,
    details: envelope,
    isError: envelope.status === "error",
    timestamp: Date.now(),
  };
}

function skippedEnvelope(reason: string): ToolResponse {
  return failure("ABORTED", reason, {
    next:
      reason === SKIPPED_FOR_STEERING
        ? ["Read the user's new message first; call the tool again if it is still needed."]
        : ["The run was stopped: wait for the user's next message before calling the tool again."],
    data: {},
  });
}

/** What the calls of one turn read, and where their progress goes while they run. */
interface ToolRun {
  readonly context: LoopContext;
  readonly config: RunConfig;
  readonly push: (event: AgentEvent) => void;
}

function contextUsage({ context, config }: ToolRun): number {
  const window = config.turnSetup().model.contextWindow;
  if (!window) return 0;
  return config.contextTokens(context.messages, context.systemPrompt.current) / window;
}

/**
 * The observation pipeline of one call: arguments cut off by the output limit → an
 * error, nothing run (test/item7-cut-off-tool-calls.test.ts); unknown tool → NOT_FOUND; gate hooks (a block
 * becomes a `BLOCKED` error the model reads); `runTool` (validation, throw → error,
 * test/j9-agent-regressions.test.ts 5.5); the `onToolResult` chain; the ObservationTruncator; the doom-loop notice.
 */
async function executeOne(
  run: ToolRun,
  call: ToolCall,
  message: Pick<AssistantMessage, "stopReason">,
  tools: Tool[],
  signal: AbortSignal,
): Promise<ToolResponse> {
  if (isCutOff(call, message)) return cutOffEnvelope(call);
  const tool = tools.find((t) => t.name === call.name);
  const info = { toolCallId: call.id, toolName: call.name };
  if (!tool) {
    const unoffered = run.config.unofferedToolReason?.(call.name);
    if (unoffered)
      return failure("BLOCKED", unoffered, {
        next: ["Use the tools offered now, or do what the message says first."],
      });
    const available = tools.map((t) => t.name).join(", ") || "none";
    return failure("NOT_FOUND", `Tool ${call.name} not found. Available tools: ${available}.`, {
      next: ["Call one of the available tools instead."],
    });
  }
  const repeats = run.config.doomLoop.record(call.name, call.arguments);
  const gate = await run.config.hooks.beforeToolCall(call.name, call.arguments ?? {}, {
    ...info,
    repeatCount: repeats,
  });
  if (gate.blocked) {
    const message = gate.byUser ? gate.reason : `Blocked by ${gate.source}: ${gate.reason}`;
    return failure("BLOCKED", message, {
      next: ["Do not retry the same call; choose another approach or ask the user."],
    });
  }

  // Seed 003 §7: with the runtime's subagent tool offered, hints about a saved full
  // output suggest a subagent (bash's own and the truncator's alike).
  const hasTaskTool = tools.some((t) => t.name === "task");
  let envelope = await runObserved(run, call, tool, gate.params, { signal, hasTaskTool });
  envelope = await run.config.hooks.onToolResult(call.name, envelope, info);
  if (run.config.truncator) {
    envelope = await run.config.truncator.truncate(envelope, {
      toolName: call.name,
      hasTaskTool,
      ...(call.name === "bash" ? { direction: "tail" as const } : {}),
    });
  }
  if (run.config.doomLoop.isLooping(repeats)) {
    envelope = { ...envelope, text: `${envelope.text}\n\n${doomLoopNotice(call.name, repeats)}` };
  }
  return envelope;
}

/** `runTool` at the resolved output level, streaming updates, timed and traced. */
async function runObserved(
  run: ToolRun,
  call: ToolCall,
  tool: Tool,
  args: Record<string, unknown>,
  { signal, hasTaskTool }: { signal: AbortSignal; hasTaskTool: boolean },
): Promise<ToolResponse> {
  const { config } = run;
  const outputLevel = resolveOutputLevel({
    callLevel: args.output_level,
    toolLevel: config.settings.toolOutputLevels[call.name],
    globalLevel: config.settings.outputLevel,
    contextUsage: () => contextUsage(run),
  });
  const started = performance.now();
  const span = startSpan("gong.tool_call", { "gong.tool.name": call.name }, config.span);
  const envelope = await runTool(tool, args, {
    cwd: config.cwd,
    projectRoot: config.projectRoot,
    signal,
    toolCallId: call.id,
    outputLevel,
    hasTaskTool,
    traceSpan: span,
    onUpdate: (partial) =>
      run.push({
        type: "tool_execution_update",
        toolCallId: call.id,
        toolName: call.name,
        partial,
      }),
  });
  config.metrics.recordTool(call.name, performance.now() - started, envelope.status !== "error");
  span.setAttribute("gong.tool.status", envelope.status);
  endSpan(span, envelope.status === "error" ? envelope.error?.message : undefined);
  return envelope;
}

function announceStart(call: ToolCall): AgentEvent {
  return {
    type: "tool_execution_start",
    toolCallId: call.id,
    toolName: call.name,
    args: call.arguments,
  };
}

/** The result message of a call, and the events that announce it. */
function finish(call: ToolCall, envelope: ToolResponse): [ToolResultMessage, AgentEvent[]] {
  const message = toResultMessage(call, envelope);
  const events: AgentEvent[] = [
    {
      type: "tool_execution_end",
      toolCallId: call.id,
      toolName: call.name,
      result: envelope,
      isError: message.isError,
    },
    { type: "message_start", message },
    { type: "message_end", message },
  ];
  return [message, events];
}

/**
 * The signal a tool call runs with: the run's abort, plus (unless turned off) a queued
 * steering message, so `sleep 30` does not keep the user waiting (test/j9-coding-tools.test.ts 1.4).
 */
function toolSignal(config: RunConfig) {
  const controller = new AbortController();
  const abort = () => controller.abort();
  config.signal.addEventListener("abort", abort, { once: true });
  if (config.signal.aborted) controller.abort();
  const unsubscribe = config.settings.steeringInterruptsTools
    ? config.queue.onSteer(abort)
    : () => {};
  return {
    signal: controller.signal,
    dispose: () => {
      config.signal.removeEventListener("abort", abort);
      unsubscribe();
    },
  };
}

/**
 * Consecutive calls of concurrent tools (`task`) form one batch; so do consecutive
 * read-only calls when parallel execution is on.
 */
function nextBatch(calls: ToolCall[], start: number, tools: Tool[], parallel: boolean) {
  const first = calls[start]!;
  const toolOf = (call: ToolCall) => tools.find((t) => t.name === call.name);
  const concurrent = (call: ToolCall) => toolOf(call)?.concurrent === true;
  const readOnly = (call: ToolCall) => toolOf(call)?.readOnly === true;
  const joins = concurrent(first) ? concurrent : parallel && readOnly(first) ? readOnly : undefined;
  if (!joins) return [first];
  const batch = [first];
  for (let i = start + 1; i < calls.length && joins(calls[i]!); i++) batch.push(calls[i]!);
  return batch;
}

/**
 * Runs the tool calls of one assistant message in the model's order, each result bound
 * to its own `toolCallId` (test/j9-agent-regressions.test.ts 4.6). Steering is checked after every call (or batch);
 * when a message is queued the remaining calls are answered with
 * `Skipped due to queued user message` (test/abort-and-events.test.ts). On abort the rest are skipped.
 */
export async function* executeToolCalls(
  context: LoopContext,
  config: RunConfig,
  message: Pick<AssistantMessage, "stopReason">,
  calls: ToolCall[],
): AsyncGenerator<AgentEvent, ToolExecutionOutcome> {
  const { tools } = config.turnSetup();
  const results: ToolResultMessage[] = [];
  let steering: Message[] = [];
  let index = 0;
  while (index < calls.length) {
    const batch = nextBatch(calls, index, tools, config.settings.parallelReadOnlyTools);
    for (const call of batch) yield announceStart(call);
    const signal = toolSignal(config);
    const channel = new EventChannel();
    const run: ToolRun = { context, config, push: channel.push };
    const envelopes = yield* channel.until(
      Promise.all(
        batch.map((call) => executeOne(run, call, message, tools, signal.signal)),
      ).finally(signal.dispose),
    );
    for (const [i, call] of batch.entries()) {
      const [result, events] = finish(call, envelopes[i]!);
      results.push(result);
      for (const event of events) yield event;
    }
    index += batch.length;

    if (config.signal.aborted) break;
    steering = config.queue.takeSteering();
    if (steering.length > 0) break;
  }
  const skipReason = config.signal.aborted ? SKIPPED_FOR_ABORT : SKIPPED_FOR_STEERING;
  for (const call of calls.slice(index)) {
    yield announceStart(call);
    const [result, events] = finish(call, skippedEnvelope(skipReason));
    results.push(result);
    for (const event of events) yield event;
  }
  return { results, steering };
}
