import type { AssistantMessage, Message, ToolCall, ToolResultMessage } from "../types.js";

/**
 * The synthetic result of a call that never got one. The one text for every package:
 * it says the call was interrupted (a crash, a kill, an abort) so a resumed session
 * shows the model why, and what to do.
 */
export const NO_RESULT_TEXT =
  "No result provided: the tool call was interrupted before it finished. Call the tool again if you still need its result.";

/**
 * Makes tool calls and results pair up the way every API demands (test/transform.test.ts,
 * orphan repair): each assistant tool call gets a result before the next user/assistant
 * message — a synthetic `isError` `NO_RESULT_TEXT` when the run was interrupted —
 * and a result whose call is not in the preceding assistant message is dropped.
 * Results keep their own order; synthetic ones follow the real ones.
 */
export function repairOrphanedToolCalls(messages: readonly Message[]): Message[] {
  const out: Message[] = [];
  let open: AssistantMessage | undefined;
  let pending = new Map<string, ToolCall>();

  const closeTurn = () => {
    if (open) {
      for (const call of pending.values()) out.push(syntheticResult(call, open.timestamp));
    }
    open = undefined;
    pending = new Map();
  };

  for (const message of messages) {
    if (message.role === "toolResult") {
      if (pending.has(message.toolCallId)) {
        pending.delete(message.toolCallId);
        out.push(message);
      }
      continue; // orphan result (no matching call in the turn) or a duplicate
    }
    closeTurn();
    out.push(message);
    if (message.role === "assistant") {
      const calls = message.content.filter((block): block is ToolCall => block.type === "toolCall");
      if (calls.length > 0) {
        open = message;
        pending = new Map(calls.map((call) => [call.id, call]));
      }
    }
  }
  closeTurn();
  return out;
}

function syntheticResult(call: ToolCall, timestamp: number): ToolResultMessage {
  return {
    role: "toolResult",
    toolCallId: call.id,
    toolName: call.name,
    content: [{ type: "text", text: NO_RESULT_TEXT }],
    isError: true,
    timestamp,
  };
}
