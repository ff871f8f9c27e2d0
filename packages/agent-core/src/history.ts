import type { Message } from "@gong/llm";
import type { AgentEvent } from "./events.js";

/**
 * How an event changes the message list. The agent's state and the session recorder
 * both fold the agent's events with this one function, so the list on screen, in memory
 * and on disk cannot drift apart. An event that adds a message extends `messages` in
 * place; one that replaces messages returns a new list (a holder of the old one keeps
 * what it had).
 */
export function foldHistory(messages: Message[], event: AgentEvent): Message[] {
  switch (event.type) {
    case "message_end":
      if (!event.discarded) messages.push(event.message);
      return messages;
    case "message_added":
      messages.push(event.message);
      return messages;
    case "compaction_end":
      if (!event.result) return messages;
      // Messages that ended while the summary was written stay after it (test/j9-agent-regressions.test.ts 4.4b).
      return [...event.result.messages, ...messages.slice(event.result.replaces)];
    case "messages_replaced":
      return [...event.messages];
    default:
      return messages;
  }
}
