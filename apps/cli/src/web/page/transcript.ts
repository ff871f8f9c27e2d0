/**
 * The conversation on the page, folded from the protocol's events like the terminal's
 * transcript: the answer being streamed is rebuilt by the shared `PartialMessage`,
 * each message is rendered by the HTML export's renderer (`renderMessage`), a running
 * command's output is kept from its text deltas and shown inside its call until the
 * result is in (a task call's: its subagent's progress, SubagentClock). A message's element is redrawn at most once per frame, however many
 * deltas came in between.
 */

import { PartialMessage } from "@gong/agent-core";
import { escapeHtml, renderMessage } from "@gong/render";
import type { Message, ToolResultMessage } from "@gong/runtime";
import type { EventLine } from "./connection.ts";
import { scheduleFrame } from "./frame.ts";
import { SubagentClock } from "./subagent-clock.ts";

type AssistantMessage = Extract<Message, { role: "assistant" }>;

interface Entry {
  message: Message;
  element: HTMLElement;
  /**
   * The blocks (thinking, tool calls) the user opened or closed, by position: a redraw
   * while the answer streams keeps them as the user left them.
   */
  toggled: Map<number, boolean>;
}

export class Transcript {
  private entries: Entry[] = [];
  private readonly results = new Map<string, ToolResultMessage>();
  private readonly callIds = new Set<string>();
  /** The entry holding each tool call, to redraw when its output or result changes. */
  private readonly owners = new Map<string, Entry>();
  private readonly live = new Map<string, string>();
  private partial: { builder: PartialMessage; entry: Entry } | undefined;
  private readonly dirty = new Set<Entry>();
  private readonly subagents = new SubagentClock((ids) => {
    for (const id of ids) this.touchCall(id);
  });

  constructor(private readonly root: HTMLElement) {}

  /** Every message in order (the model context the page shows). */
  get messages(): Message[] {
    return this.entries.map((entry) => entry.message);
  }

  reset(messages: readonly Message[]): void {
    this.entries = [];
    this.results.clear();
    this.callIds.clear();
    this.owners.clear();
    this.live.clear();
    this.subagents.clear();
    this.partial = undefined;
    this.dirty.clear();
    this.root.replaceChildren();
    for (const message of messages) this.add(message);
    this.flush();
  }

  apply(line: EventLine): void {
    switch (line.type) {
      case "message_start":
        this.start(line.message as Message);
        return;
      case "message_update":
        if (!this.partial) return;
        this.partial.builder.apply(line.assistantMessageEvent as never);
        this.touch(this.partial.entry);
        return;
      case "message_end":
        this.end(line.message as Message, line.discarded === true);
        return;
      case "message_added":
        this.add(line.message as Message);
        return;
      case "messages_replaced":
        this.reset(line.messages as Message[]);
        return;
      case "tool_execution_start":
        this.live.set(String(line.toolCallId), "");
        this.touchCall(String(line.toolCallId));
        return;
      case "tool_execution_update":
        this.subagents.update(String(line.toolCallId), line.partial);
        this.updateOutput(String(line.toolCallId), line.delta as TextDelta | undefined);
        return;
      case "warning":
        this.note(String(line.message), "warn");
        return;
      case "hook_error":
        this.note(`hook ${line.hookName} (${line.callback}) failed: ${line.error}`, "warn");
        return;
      case "retry":
        this.note(`retrying (${line.attempt}/${line.maxAttempts}): ${line.errorMessage}`);
        return;
      case "compaction_start":
        this.note(`compacting the conversation (${line.reason})…`);
        return;
      case "compaction_end":
        if (line.errorMessage) this.note(`compaction failed: ${line.errorMessage}`, "warn");
        return;
      case "run_end":
        // Calls that got no result will not get one: they stop looking alive.
        for (const id of [...this.live.keys()]) {
          this.live.delete(id);
          this.subagents.stop(id);
          this.touchCall(id);
        }
        return;
    }
  }

  note(text: string, kind: "info" | "warn" = "info"): void {
    const element = document.createElement("p");
    element.className = `notice${kind === "warn" ? " warn" : ""}`;
    element.setAttribute("role", kind === "warn" ? "alert" : "status");
    element.textContent = text;
    this.root.append(element);
  }

  private start(message: Message): void {
    if (message.role !== "assistant") return;
    const builder = new PartialMessage(message as AssistantMessage);
    const entry = this.add(builder.message);
    this.partial = { builder, entry };
  }

  private end(message: Message, discarded: boolean): void {
    if (message.role === "assistant") {
      const entry = this.partial?.entry;
      this.partial = undefined;
      if (!entry) this.add(message);
      else if (discarded) this.remove(entry);
      else {
        entry.message = message;
        this.index(entry);
        this.touch(entry);
      }
      return;
    }
    if (message.role === "toolResult") {
      this.results.set(message.toolCallId, message);
      this.live.delete(message.toolCallId);
      this.subagents.stop(message.toolCallId);
      const owner = this.owners.get(message.toolCallId);
      if (owner) {
        this.touch(owner);
        return;
      }
    }
    this.add(message);
  }

  private add(message: Message): Entry {
    const element = document.createElement("div");
    element.className = "entry";
    const entry: Entry = { message, element, toggled: new Map() };
    element.addEventListener("click", (event) => {
      const summary = (event.target as Element).closest("summary");
      const details = summary?.parentElement;
      if (!(details instanceof HTMLDetailsElement)) return;
      const index = [...element.querySelectorAll("details")].indexOf(details);
      // The click is about to toggle it.
      entry.toggled.set(index, !details.open);
    });
    this.entries.push(entry);
    this.root.append(element);
    if (message.role === "toolResult") this.results.set(message.toolCallId, message);
    this.index(entry);
    this.touch(entry);
    return entry;
  }

  private index(entry: Entry): void {
    if (entry.message.role !== "assistant") return;
    for (const part of entry.message.content) {
      if (part.type !== "toolCall") continue;
      this.callIds.add(part.id);
      this.owners.set(part.id, entry);
    }
  }

  private remove(entry: Entry): void {
    this.entries = this.entries.filter((other) => other !== entry);
    this.dirty.delete(entry);
    entry.element.remove();
  }

  private updateOutput(id: string, delta: TextDelta | undefined): void {
    if (!delta) return;
    const held = this.live.get(id) ?? "";
    // The wire's rule (@gong/protocol's wire/text-delta.ts): drop lines from the front, append.
    const kept = delta.dropLines > 0 ? held.split("\n").slice(delta.dropLines).join("\n") : held;
    this.live.set(id, kept + delta.text);
    this.touchCall(id);
  }

  private touchCall(id: string): void {
    const owner = this.owners.get(id) ?? (this.partial && this.ownerInPartial(id));
    if (owner) this.touch(owner);
  }

  private ownerInPartial(id: string): Entry | undefined {
    this.index(this.partial!.entry);
    this.owners.get(id);
    return;
  }

  private touch(entry: Entry): void {
    this.dirty.add(entry);
    scheduleFrame(() => this.flush());
  }

  private flush(): void {
    const follow = isAtBottom();
    const live = this.subagents.withProgress(this.live);
    for (const entry of this.dirty) {
      // A result whose call is in this transcript is drawn inside the call instead.
      const message = entry === this.partial?.entry ? this.partial.builder.message : entry.message;
      entry.element.innerHTML = renderOrNote(message, this.results, this.callIds, live);
      const blocks = entry.element.querySelectorAll("details");
      for (const [index, open] of entry.toggled) if (blocks[index]) blocks[index].open = open;
    }
    this.dirty.clear();
    if (follow) window.scrollTo({ top: document.body.scrollHeight });
  }
}

interface TextDelta {
  dropLines: number;
  text: string;
}

function renderOrNote(
  message: Message,
  results: ReadonlyMap<string, ToolResultMessage>,
  callIds: ReadonlySet<string>,
  live: ReadonlyMap<string, string>,
): string {
  try {
    return renderMessage(message, results, callIds, live);
  } catch (error) {
    return `<p class="notice warn">This message could not be shown: ${escapeHtml(String(error))}</p>`;
  }
}

function isAtBottom(): boolean {
  return window.innerHeight + window.scrollY >= document.body.scrollHeight - 80;
}
