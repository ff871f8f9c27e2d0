import { extractCompactionSummary, type Message, type ToolResponse } from "@gong/runtime";
import { noteEntry, userEntry } from "./entries.js";
import { messageText, type Transcript } from "./transcript.js";

/**
 * A stored conversation (a resumed session, after /resume or /tree) as the transcript
 * shows it, through the same events a live run sends.
 */
export function replayInto(transcript: Transcript, messages: readonly Message[]): void {
  for (const message of messages) {
    if (message.role === "user") {
      // The summary a compaction left stands for the earlier messages; it is not a prompt.
      const summary = extractCompactionSummary(message);
      transcript.add(
        summary === undefined
          ? userEntry(messageText(message))
          : noteEntry(`earlier messages were compacted into a summary (/export shows it)`),
      );
      continue;
    }
    if (message.role === "assistant") {
      transcript.apply({ type: "message_start", message }, message.timestamp);
      transcript.apply({ type: "message_end", message }, message.timestamp);
      continue;
    }
    const call = {
      type: "tool_execution_start",
      toolCallId: message.toolCallId,
      toolName: message.toolName,
      args: undefined,
    } as const;
    transcript.apply(call, message.timestamp);
    transcript.apply(
      {
        type: "tool_execution_end",
        toolCallId: message.toolCallId,
        toolName: message.toolName,
        result: (message.details as ToolResponse | undefined) ?? fallbackEnvelope(message),
        isError: message.isError,
      },
      message.timestamp,
    );
  }
}

/** A result stored without its envelope (another tool's session): its text is all there is. */
function fallbackEnvelope(message: Extract<Message, { role: "toolResult" }>): ToolResponse {
  const text = message.content.map((part) => (part.type === "text" ? part.text : "")).join("\n");
  return {
    status: message.isError ? "error" : "success",
    data: {},
    text,
    stats: { time_ms: 0 },
    context: { cwd: ".", params_input: {} },
  } as ToolResponse;
}
