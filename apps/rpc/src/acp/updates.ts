/**
 * Agent events → ACP `session/update` payloads, and a stored conversation → the same
 * updates (what `session/load` replays). Pure functions; the agent sends them.
 */
import type { SessionUpdate } from "@agentclientprotocol/sdk";
import type { CodingSessionEvent, Message, ToolResultMessage } from "@gong/runtime";
import { planUpdate } from "./plan.js";
import { textContent, toolDiffs, toolKind, toolLocations, toolTitle } from "./tool-calls.js";

type Args = Record<string, unknown>;

export interface EventContext {
  cwd: string;
  /** Whether this call waits for the user's permission (it starts `pending`). */
  willAsk(toolName: string, args: Args): boolean;
  /** The editor terminal a bash call runs in: the editor shows it instead of gong's text. */
  terminalOf(toolCallId: string): string | undefined;
}

export function eventUpdates(event: CodingSessionEvent, context: EventContext): SessionUpdate[] {
  const { cwd } = context;
  switch (event.type) {
    case "message_update": {
      const delta = event.assistantMessageEvent;
      if (delta.type === "text_delta")
        return [
          { sessionUpdate: "agent_message_chunk", content: { type: "text", text: delta.delta } },
        ];
      if (delta.type === "thinking_delta")
        return [
          { sessionUpdate: "agent_thought_chunk", content: { type: "text", text: delta.delta } },
        ];
      return [];
    }
    case "tool_execution_start":
      return [
        toolCallStart(
          event.toolCallId,
          event.toolName,
          asArgs(event.args),
          cwd,
          context.willAsk(event.toolName, asArgs(event.args)) ? "pending" : "in_progress",
        ),
      ];
    case "tool_execution_update":
      // A command in the editor's terminal is already shown live there.
      if (context.terminalOf(event.toolCallId)) return [];
      return [
        {
          sessionUpdate: "tool_call_update",
          toolCallId: event.toolCallId,
          content: [textContent(event.partial.text)],
        },
      ];
    case "tool_execution_end": {
      const args = asArgs(event.result.context?.params_input);
      const diffs = event.isError ? [] : toolDiffs(event.toolName, args, cwd);
      const plan = planUpdate(event);
      const terminalId = context.terminalOf(event.toolCallId);
      return [
        {
          sessionUpdate: "tool_call_update",
          toolCallId: event.toolCallId,
          status: event.isError ? "failed" : "completed",
          content: terminalId
            ? [{ type: "terminal", terminalId }]
            : [...diffs, textContent(event.result.text)],
          rawOutput: event.result,
        },
        ...(plan ? [plan] : []),
      ];
    }
    default:
      return [];
  }
}

function toolCallStart(
  toolCallId: string,
  toolName: string,
  args: Args,
  cwd: string,
  status: "pending" | "in_progress" | "completed" | "failed",
): SessionUpdate {
  return {
    sessionUpdate: "tool_call",
    toolCallId,
    title: toolTitle(toolName, args),
    kind: toolKind(toolName),
    status,
    locations: toolLocations(args, cwd),
    rawInput: args,
  };
}

/** A stored conversation as the updates a live one would have sent. */
export function replayUpdates(messages: readonly Message[], cwd: string): SessionUpdate[] {
  const results = new Map<string, ToolResultMessage>();
  for (const message of messages)
    if (message.role === "toolResult") results.set(message.toolCallId, message);
  const updates: SessionUpdate[] = [];
  for (const message of messages) {
    if (message.role === "user") {
      const parts =
        typeof message.content === "string"
          ? [{ type: "text" as const, text: message.content }]
          : message.content;
      for (const part of parts)
        updates.push({ sessionUpdate: "user_message_chunk", content: part });
    } else if (message.role === "assistant") {
      for (const part of message.content) {
        if (part.type === "text")
          updates.push({
            sessionUpdate: "agent_message_chunk",
            content: { type: "text", text: part.text },
          });
        else if (part.type === "thinking")
          updates.push({
            sessionUpdate: "agent_thought_chunk",
            content: { type: "text", text: part.thinking },
          });
        else if (part.type === "toolCall") {
          const result = results.get(part.id);
          const failed = result?.isError ?? true;
          const start = toolCallStart(
            part.id,
            part.name,
            part.arguments,
            cwd,
            failed ? "failed" : "completed",
          );
          const resultText =
            result?.content.flatMap((c) => (c.type === "text" ? [c.text] : [])).join("\n") ?? "";
          updates.push({
            ...start,
            content: [
              ...(failed ? [] : toolDiffs(part.name, part.arguments, cwd)),
              textContent(resultText),
            ],
          } as SessionUpdate);
        }
      }
    }
  }
  return updates;
}

function asArgs(value: unknown): Args {
  return typeof value === "object" && value !== null ? (value as Args) : {};
}
