import type { CodingSession, CodingSessionEvent } from "@gong/runtime";
import { truncateToWidth } from "@mariozechner/pi-tui";
import pc from "picocolors";
import { retryLine } from "../modes/retry-line.js";
import { keyArgument } from "../modes/status-line.js";
import type { StatusInfo } from "./render/status-bar.js";

/**
 * What the status lines show for this session (model, thinking, context, cost). `cost`
 * is `sessionCost`, worked out when it can change rather than on every frame.
 */
export function statusInfo(
  session: CodingSession,
  cwd: string,
  working: StatusInfo["working"],
  cost: number,
): StatusInfo {
  const model = session.models.current;
  const { mode, network } = session.config.sandbox;
  return {
    model: `${model.provider}/${model.id}`,
    thinking: session.models.thinkingLevel,
    // No network is the sandbox's default; only a sandbox that lets it through says so.
    ...(mode !== "off" ? { sandbox: network ? `${mode}, network` : mode } : {}),
    contextTokens: contextTokensOf(session),
    contextWindow: model.contextWindow,
    cost,
    cwd,
    working,
    mode: session.mode.current,
  };
}

/** What the spinner line says the agent is doing, after this event. */
export function activityOf(event: CodingSessionEvent): string | undefined {
  switch (event.type) {
    case "message_update":
      return event.assistantMessageEvent.type.startsWith("thinking")
        ? "thinking"
        : event.assistantMessageEvent.type.startsWith("toolcall")
          ? "preparing a tool call"
          : "writing";
    case "tool_execution_start":
      return `running ${event.toolName}${keyArgument(event.toolName, event.args)}`;
    case "tool_execution_end":
    case "compaction_end":
      return "waiting for the model";
    case "compaction_start":
      return "compacting the conversation";
    case "retry":
      return retryLine(event);
    default:
      return undefined;
  }
}

/** `resumed: 12 messages · /hotkeys lists keys and commands` (no id: screens stay comparable). */
export function sessionLine(session: CodingSession): string {
  const count = session.messages.length;
  const resumed = count > 0 ? `resumed: ${count} message${count === 1 ? "" : "s"} · ` : "";
  return `${resumed}/hotkeys lists keys and commands`;
}

/** Steering and follow-up messages the agent has not taken yet, one dim line each. */
export function queuedLines(session: CodingSession, width: number): string[] {
  const queued = session.queuedMessages;
  const line = (label: string, message: (typeof queued.steering)[number]) => {
    const text = typeof message.content === "string" ? message.content : "";
    return pc.dim(truncateToWidth(`${label} ${text.split("\n")[0] ?? ""}`, width, "…"));
  };
  return [
    ...queued.steering.map((message) => line("↳ steer:", message)),
    ...queued.followUp.map((message) => line("↳ follow-up:", message)),
  ];
}

/**
 * What the session has cost: every answer in its file, on every branch and before every
 * compaction — money spent stays spent when /tree leaves a branch. The footer and
 * /session show this one number.
 */
export function sessionCost(session: CodingSession): number {
  return session.file.stats().session.cost;
}

/** Context size as of the last answer (the status line's meter and /usage). */
export function contextTokensOf(session: CodingSession): number | undefined {
  const messages = session.messages;
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.role !== "assistant" || !message.usage) continue;
    if (message.usage.totalTokens > 0) {
      const u = message.usage;
      return u.input + u.output + u.cacheRead + u.cacheWrite;
    }
  }
  return undefined;
}
