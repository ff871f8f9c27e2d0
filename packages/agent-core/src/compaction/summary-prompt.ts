import type { ImageContent, Message, TextContent, ThinkingContent, ToolCall } from "@gong/llm";

export const SUMMARY_SYSTEM_PROMPT =
  "You are a context summarization assistant. Read the conversation and produce a structured summary that lets another instance of the assistant continue the work without the original messages. Do not continue the conversation and do not answer questions in it; output only the summary.";

const STRUCTURE = `Use exactly this format:

## Goal
[What the user is trying to accomplish]

## Constraints & Preferences
- [Requirements, conventions and preferences the user stated]

## Progress
### Done
- [x] [Completed work]
### In Progress
- [ ] [Work started but not finished]
### Blocked
- [Problems that stop progress, if any]

## Key Decisions
- **[Decision]**: [Why]

## Next Steps
1. [What to do next, in order]

## Critical Context
- [Exact names, paths, error messages, values needed to continue]

Keep each section concise. Preserve exact file paths, function names and error messages.`;

export const INITIAL_SUMMARY_INSTRUCTIONS = `The messages above are a conversation to summarize. Create a structured context checkpoint summary.

${STRUCTURE}`;

export const UPDATE_SUMMARY_INSTRUCTIONS = `The messages above are NEW conversation messages to merge into the existing summary given in <previous-summary>. Update the summary: keep what is still true, move finished items to Done, add new decisions, progress and context, and drop what the new messages made obsolete.

${STRUCTURE}`;

export const SPLIT_TURN_NOTE =
  "Note: the last part above is the beginning of a turn that is still going on; its later messages are kept verbatim after this summary. Summarize what was asked and done so far in that turn under In Progress.";

/** Plain-text transcript of the messages, so the summarizer never sees tool-call blocks. */
export function serializeConversation(messages: readonly Message[]): string {
  const lines: string[] = [];
  for (const message of messages) {
    const content = message.content as unknown;
    if (typeof content === "string") {
      lines.push(`[${message.role}]: ${content}`);
      continue;
    }
    if (!Array.isArray(content)) continue;
    if (message.role === "toolResult") {
      const text = message.content.flatMap((p) => (p.type === "text" ? [p.text] : [])).join("\n");
      lines.push(`[Tool result ${message.toolName}${message.isError ? " (error)" : ""}]: ${text}`);
      continue;
    }
    const parts = message.content as (TextContent | ThinkingContent | ToolCall | ImageContent)[];
    for (const part of parts) {
      if (part.type === "text") lines.push(`[${message.role}]: ${part.text}`);
      else if (part.type === "thinking") lines.push(`[assistant thinking]: ${part.thinking}`);
      else if (part.type === "toolCall") {
        lines.push(`[assistant tool call]: ${part.name}(${JSON.stringify(part.arguments)})`);
      } else if (part.type === "image") lines.push(`[${message.role}]: [image]`);
    }
  }
  return lines.join("\n\n");
}

export function buildSummaryRequest(
  messages: readonly Message[],
  previousSummary: string | undefined,
  splitTurn: boolean,
  customInstructions?: string,
): string {
  const parts = [`<conversation>\n${serializeConversation(messages)}\n</conversation>`];
  if (previousSummary) parts.push(`<previous-summary>\n${previousSummary}\n</previous-summary>`);
  parts.push(previousSummary ? UPDATE_SUMMARY_INSTRUCTIONS : INITIAL_SUMMARY_INSTRUCTIONS);
  if (splitTurn) parts.push(SPLIT_TURN_NOTE);
  if (customInstructions?.trim()) parts.push(`Additional focus: ${customInstructions.trim()}`);
  return parts.join("\n\n");
}
