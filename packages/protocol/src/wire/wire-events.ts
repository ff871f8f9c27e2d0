/**
 * The agent events as json mode and gong-rpc write them. All go out as they are but
 * `tool_execution_update`: a running command's update carries its whole live tail (up
 * to 50 KB, every 200 ms), which the interactive mode redraws; on the wire it becomes
 * a `delta` against the update before (see text-delta.ts), so each byte of output
 * travels about once. Its `partial` keeps the envelope's other fields; `text` and any
 * `data` field that only repeats it (bash's `stdout`) are left out.
 */
import type { CodingSessionEvent, SubagentEvent } from "@gong/runtime";
import { textDelta } from "./text-delta.js";

export type WireEncoder = (event: CodingSessionEvent) => unknown;

/** One encoder per output stream: it remembers what each live call has sent so far. */
export function wireEncoder(): WireEncoder {
  const held = new Map<string, string>();
  return (event) => {
    if (event.type === "tool_execution_end") held.delete(event.toolCallId);
    if (event.type !== "tool_execution_update") return event;
    const { text, data, ...rest } = event.partial;
    const delta = textDelta(held.get(event.toolCallId) ?? "", text);
    held.set(event.toolCallId, text);
    const ownData = Object.fromEntries(Object.entries(data).filter(([, value]) => value !== text));
    return { ...event, partial: { ...rest, data: ownData }, delta };
  };
}

/**
 * The wire form of subagents' events: one encoder per task call, since a subagent's
 * tool call ids are its own and may repeat another agent's.
 */
export function subagentWireEncoder(): (event: SubagentEvent) => unknown {
  const encoders = new Map<string, WireEncoder>();
  return (event) => {
    const { parentToolCallId, ...agentEvent } = event;
    const encode = encoders.get(parentToolCallId) ?? wireEncoder();
    encoders.set(parentToolCallId, encode);
    if (event.type === "agent_end") encoders.delete(parentToolCallId);
    return { ...(encode(agentEvent as CodingSessionEvent) as object), parentToolCallId };
  };
}
