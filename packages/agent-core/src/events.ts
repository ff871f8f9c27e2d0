/**
 * The agent's event stream (docs/architecture.md, "The event stream"). These payloads are also the CLI json-mode
 * and RPC wire format, so field names are part of the public contract.
 */

import type { ToolResponse } from "@gong/base";
import type {
  AssistantMessage,
  AssistantMessageEvent,
  ErrorKind,
  Message,
  Model,
  ThinkingLevel,
  ToolResultMessage,
} from "@gong/llm";
import type { CompactionResult } from "./compaction/types.js";

type StreamedPieceEvent = Extract<AssistantMessageEvent, { delta: string }>;
type BlockBoundaryEvent = Exclude<
  Extract<AssistantMessageEvent, { contentIndex: number }>,
  StreamedPieceEvent
>;

/**
 * A `message_update` payload: the content block that changed and the text it gained; a
 * tool call's start also names the call (`PartialMessage` rebuilds the answer from these).
 */
export type AssistantMessageDelta =
  | { type: StreamedPieceEvent["type"]; contentIndex: number; delta: string }
  | { type: "toolcall_start"; contentIndex: number; id: string; name: string }
  | { type: Exclude<BlockBoundaryEvent["type"], "toolcall_start">; contentIndex: number };

/**
 * The wire form of a provider event: the partial message and a block's full text
 * (`*_end`) are dropped, so the stream stays linear in the answer's length.
 */
export function toMessageDelta(
  event: StreamedPieceEvent | BlockBoundaryEvent,
): AssistantMessageDelta {
  if ("delta" in event) {
    return { type: event.type, contentIndex: event.contentIndex, delta: event.delta };
  }
  if (event.type === "toolcall_start") {
    const part = event.partial.content[event.contentIndex];
    const call = part?.type === "toolCall" ? part : undefined;
    return {
      type: event.type,
      contentIndex: event.contentIndex,
      id: call?.id ?? "",
      name: call?.name ?? "",
    };
  }
  return { type: event.type, contentIndex: event.contentIndex };
}

export type AgentEvent =
  | { type: "agent_start" }
  | { type: "agent_end"; messages: Message[]; durationMs: number; turns: number }
  | { type: "turn_start"; turnIndex: number }
  | {
      type: "turn_end";
      turnIndex: number;
      message: AssistantMessage;
      toolResults: ToolResultMessage[];
      /** The tool calls of this turn, for observers (test/j10-hooks.test.ts 1.3). */
      toolCalls: { id: string; name: string; arguments: Record<string, unknown> }[];
      durationMs: number;
    }
  | { type: "message_start"; message: Message }
  | {
      type: "message_update";
      /**
       * Only what changed — never the message so far, which made a 64 KB answer in
       * 4 000 deltas a 482 MB json stream. `PartialMessage` rebuilds the message so
       * far from `message_start` and these deltas; the whole message comes with
       * `message_end`.
       */
      assistantMessageEvent: AssistantMessageDelta;
    }
  | {
      type: "message_end";
      message: Message;
      /**
       * True for an attempt that is not kept in the state: a failed call that is
       * retried, or an aborted answer without content. Persist only the others.
       */
      discarded?: boolean;
    }
  /** A message added outside a run (the output of the user's own command). */
  | { type: "message_added"; message: Message }
  /**
   * The whole list replaced (moving to another branch of the session). `leafId` is the
   * session entry the new list ends at when the list moved in the session's tree (`/tree`,
   * a rewind; null is before the first message): the session recorder moves the file's
   * leaf there, so a resume continues on that branch.
   */
  | { type: "messages_replaced"; messages: Message[]; leafId?: string | null }
  /** The model the next LLM call goes to (`setModel`). */
  | { type: "model_change"; model: Model }
  | { type: "thinking_level_change"; thinkingLevel: ThinkingLevel }
  | { type: "tool_execution_start"; toolCallId: string; toolName: string; args: unknown }
  | { type: "tool_execution_update"; toolCallId: string; toolName: string; partial: ToolResponse }
  | {
      type: "tool_execution_end";
      toolCallId: string;
      toolName: string;
      /** The envelope after hooks and truncation; equal to the toolResult's `details`. */
      result: ToolResponse;
      isError: boolean;
    }
  | { type: "compaction_start"; reason: "threshold" | "overflow" | "manual" }
  | {
      type: "compaction_end";
      reason: "threshold" | "overflow" | "manual";
      /** Absent when the compaction was cancelled or found nothing to compact. */
      result?: CompactionResult;
      cancelled?: boolean;
      errorMessage?: string;
    }
  | {
      type: "retry";
      attempt: number;
      maxAttempts: number;
      delayMs: number;
      errorKind: ErrorKind | "structure";
      errorMessage: string;
    }
  | { type: "warning"; message: string }
  | {
      type: "hook_error";
      hookName: string;
      callback: string;
      error: string;
      stack?: string;
      timedOut?: boolean;
    };

export type AgentEventListener = (event: AgentEvent) => void;
