import type { AssistantMessage, ToolCall, ToolResultMessage } from "@gong/llm";
import { shouldCompact } from "../compaction/context-tokens.js";
import { describeSilentOverflow } from "../compaction/silent-overflow.js";
import type { AgentEvent } from "../events.js";
import { endSpan, startSpan } from "../observability/tracing.js";
import { executeToolCalls } from "./execute-tools.js";
import type { LoopContext, RunConfig } from "./run-context.js";
import { streamAssistantWithRecovery } from "./stream-turn.js";

/** How one run of the agent loop ended (not runtime's `RunOutcome`, which a session reports). */
export interface LoopOutcome {
  /** The last assistant message, when there was one. */
  lastMessage: AssistantMessage | undefined;
  /** Set when the run ended on an error (the message's `errorMessage`). */
  error: string | undefined;
  aborted: boolean;
  turns: number;
  /** Why `RunConfig.stopBeforeModelCall` ended the run before another model call. */
  stopped?: string;
}

/**
 * Checked before every LLM call, also between the tool turns of one run (test/j12-compaction.test.ts, compaction in the loop).
 * `silentOverflow` describes a previous answer whose provider reported more input than
 * the window holds: that is an overflow, compacted as one, whatever the threshold says.
 * Only called with compaction on.
 */
async function* compactIfNeeded(
  context: LoopContext,
  config: RunConfig,
  silentOverflow: string | undefined,
): AsyncGenerator<AgentEvent, void> {
  if (silentOverflow) {
    const outcome = yield* config.compact("overflow");
    if (outcome !== "compacted") {
      yield {
        type: "warning",
        message: `${silentOverflow} It could not be compacted (${outcome}); run /compact or start a new session.`,
      };
    }
    return;
  }
  const tokens = config.contextTokens(context.messages, context.systemPrompt.current);
  const { reserveTokens } = config.settings.compaction;
  if (shouldCompact(tokens, config.turnSetup().model.contextWindow, reserveTokens)) {
    yield* config.compact("threshold");
  }
}

/** One turn's bookkeeping: LLM and tool spans of the turn nest under its span. */
interface Turn {
  index: number;
  started: number;
  span: RunConfig["span"];
  config: RunConfig;
}

function openTurn(config: RunConfig, index: number): Turn {
  const span = startSpan("gong.turn", { "gong.turn.index": index }, config.span);
  config.metrics.recordTurn();
  return { index, started: performance.now(), span, config: { ...config, span } };
}

function turnEnd(
  turn: Turn,
  message: AssistantMessage,
  calls: ToolCall[],
  toolResults: ToolResultMessage[],
): AgentEvent {
  return {
    type: "turn_end",
    turnIndex: turn.index,
    message,
    toolResults,
    toolCalls: calls.map((c) => ({ id: c.id, name: c.name, arguments: c.arguments })),
    durationMs: performance.now() - turn.started,
  };
}

function toolCallsOf(message: AssistantMessage): ToolCall[] {
  if (message.stopReason === "error" || message.stopReason === "aborted") return [];
  return message.content.filter((p): p is ToolCall => p.type === "toolCall");
}

/**
 * The two loops (test/j9-agent-pipeline.test.ts 1.4, 1.5): the inner loop runs turns while
 * the model calls tools or steering messages wait — each turn the pending messages, a
 * compaction if due, one LLM call (with recovery) and its tool calls; the outer loop
 * picks up follow-ups (and a `Stop` hook's request to continue). Stops at once on an
 * error or abort (test/j9-agent-pipeline.test.ts 1.6).
 *
 * A function of what the run starts from and what it is configured with: it yields every
 * event and the agent folds each one before the loop goes on (docs/architecture.md,
 * "The event stream"). A turn is not a generator of its own: every level an event passes
 * through costs a few promises, and a run yields thousands of events.
 */
export async function* runLoop(
  context: LoopContext,
  config: RunConfig,
): AsyncGenerator<AgentEvent, LoopOutcome> {
  let pending = context.pending;
  let turns = 0;
  let lastMessage: AssistantMessage | undefined;
  let stopHookActive = false;
  // Set by an answer that overflowed silently; the next call is preceded by a
  // compaction. If the run ends first, the next prompt's threshold check sees the same usage.
  let silentOverflow: string | undefined;

  for (;;) {
    let hasToolCalls = true;
    while (hasToolCalls || pending.length > 0) {
      // A limit of the run (gong --max-turns): no model call past it; the messages that
      // wait are still recorded, so the session holds what the user asked.
      const stopped = config.stopBeforeModelCall?.();
      if (stopped !== undefined) {
        for (const message of pending) {
          yield { type: "message_start", message };
          yield { type: "message_end", message };
        }
        return { lastMessage, error: undefined, aborted: false, turns, stopped };
      }
      const turn = openTurn(config, turns++);
      yield { type: "turn_start", turnIndex: turn.index };
      for (const message of pending) {
        yield { type: "message_start", message };
        yield { type: "message_end", message };
      }
      if (config.settings.compaction.enabled)
        yield* compactIfNeeded(context, config, silentOverflow);
      const message = yield* streamAssistantWithRecovery(context, turn.config);
      if (!message) {
        endSpan(turn.span, "aborted");
        return { lastMessage, error: undefined, aborted: true, turns };
      }
      lastMessage = message;
      silentOverflow = describeSilentOverflow(message, config.turnSetup().model);
      if (silentOverflow && !config.settings.compaction.enabled) {
        const advice = "Auto-compaction is off; run /compact or start a new session.";
        yield { type: "warning", message: `${silentOverflow} ${advice}` };
      }
      const calls = toolCallsOf(message);
      const { results, steering } = yield* executeToolCalls(context, turn.config, message, calls);
      yield turnEnd(turn, message, calls, results);
      endSpan(turn.span, message.stopReason === "error" ? message.errorMessage : undefined);
      if (message.stopReason === "error") {
        return { lastMessage, error: message.errorMessage ?? "LLM error", aborted: false, turns };
      }
      if (message.stopReason === "aborted" || config.signal.aborted) {
        return { lastMessage, error: undefined, aborted: true, turns };
      }
      hasToolCalls = calls.length > 0;
      pending = steering.length > 0 ? steering : config.queue.takeSteering();
    }

    pending = config.queue.takeFollowUps();
    if (pending.length > 0) continue;
    const stop = await config.hooks.beforeStop(stopHookActive);
    if (stop && !stopHookActive && !config.signal.aborted) {
      // Like Claude Code's `stop_hook_active`: a Stop hook may extend a run once per stop.
      stopHookActive = true;
      pending = [{ role: "user", content: stop.continueWith, timestamp: Date.now() }];
      continue;
    }
    return { lastMessage, error: undefined, aborted: false, turns };
  }
}
