import { type AgentEvent, type CompactionResult, foldHistory } from "@gong/agent-core";
import type { Message } from "@gong/llm";
import type { SessionContext, SessionStore, ShortenedMessage } from "@gong/session-store";

/**
 * Writes the agent's history to the session file as it happens: it folds the agent's
 * events with the agent's own `foldHistory`, appending each message as it ends (so it
 * is on disk before its tools run), each compaction with the entry id of its first
 * kept message, so resuming rebuilds the context the agent had, and each model and
 * thinking level change. Failed attempts that the
 * agent retried and dropped end `discarded` and are never written.
 */
export class SessionRecorder {
  /** The entry each message object was stored as (the agent never copies a message). */
  private readonly entryIds = new WeakMap<Message, string>();
  /** Messages that are a compaction's shortened copy of their entry (`CompactionEntry.shortened`). */
  private readonly shortened = new WeakSet<Message>();
  /** The agent's list, folded from the same events. */
  private messages: Message[];

  constructor(
    private readonly store: Pick<
      SessionStore,
      "appendMessage" | "appendCompaction" | "appendModelChange" | "appendThinkingLevelChange"
    >,
    restoredContext: Pick<SessionContext, "messages" | "entryIds" | "shortenedEntryIds">,
    private readonly warn: (message: string) => void,
  ) {
    this.know(restoredContext);
    this.messages = [...restoredContext.messages];
  }

  /**
   * These messages are on disk already, as the entries `context.entryIds` names (a
   * branch the agent is about to move to with `messages_replaced`).
   */
  know(context: Pick<SessionContext, "messages" | "entryIds" | "shortenedEntryIds">): void {
    const shortened = new Set(context.shortenedEntryIds ?? []);
    context.messages.forEach((message, i) => {
      const id = context.entryIds[i];
      if (id === undefined) return;
      this.entryIds.set(message, id);
      if (shortened.has(id)) this.shortened.add(message);
    });
  }

  onEvent(event: AgentEvent): void {
    switch (event.type) {
      case "message_end":
        if (!event.discarded) this.append(event.message);
        break;
      case "message_added":
        this.append(event.message);
        break;
      case "compaction_end":
        if (event.result) this.recordCompaction(event.result);
        break;
      case "model_change":
        this.store.appendModelChange(event.model.provider, event.model.id);
        break;
      case "thinking_level_change":
        this.store.appendThinkingLevelChange(event.thinkingLevel);
        break;
    }
    this.messages = foldHistory(this.messages, event);
  }

  /** The entry `message` was stored as; undefined until it is on disk. */
  entryIdOf(message: Message): string | undefined {
    return this.entryIds.get(message);
  }

  private append(message: Message): void {
    this.entryIds.set(message, this.store.appendMessage(message).id);
  }

  private recordCompaction(result: CompactionResult): void {
    // The fallback stubs old tool outputs in place: nothing was summarised, nothing to
    // record (a resumed session compacts again when it needs to). The stubbed copies
    // stand for the same entries as the originals.
    if (result.fallback) {
      result.messages.forEach((message, i) => {
        const original = this.messages[i];
        const id = original ? this.entryIds.get(original) : undefined;
        if (id !== undefined) this.entryIds.set(message, id);
      });
      return;
    }
    // A cut inside a turn keeps that turn's request ahead of the tail: two pieces, both
    // recorded, or a resume would bring back the whole turn in between (apps/cli/test/compaction-resume.test.ts).
    const [summary, ...kept] = result.messages;
    const turnStart = result.splitTurn ? kept.shift() : undefined;
    const shortened = this.shortenedKept(kept, result.firstKeptIndex);
    const turnStartEntryId = turnStart ? this.entryIds.get(turnStart) : undefined;
    const firstKeptEntryId = kept[0] ? this.entryIds.get(kept[0]) : undefined;
    if (!summary || firstKeptEntryId === undefined || (turnStart && !turnStartEntryId)) {
      this.warn(
        "the compaction kept no message that is in the session file, so its summary was not saved; a resumed session will compact again",
      );
      return;
    }
    const compactionId = this.store.appendCompaction({
      summary: result.summary,
      firstKeptEntryId,
      ...(turnStartEntryId ? { turnStartEntryId } : {}),
      tokensBefore: result.tokensBefore,
      ...(shortened.length > 0 ? { shortened } : {}),
      details: { readFiles: result.readFiles, modifiedFiles: result.modifiedFiles },
    }).id;
    this.entryIds.set(summary, compactionId);
  }

  /**
   * The kept messages that are not their entry's message: cut shorter by this compaction
   * (a copy of the message at the same place in the list it was made from) or by an
   * earlier one. Each copy stands for its entry from now on.
   */
  private shortenedKept(kept: readonly Message[], firstKeptIndex: number): ShortenedMessage[] {
    const shortened: ShortenedMessage[] = [];
    kept.forEach((message, i) => {
      let entryId = this.entryIds.get(message);
      if (entryId === undefined) {
        const original = this.messages[firstKeptIndex + i];
        entryId = original ? this.entryIds.get(original) : undefined;
        if (entryId === undefined) return;
        this.entryIds.set(message, entryId);
        this.shortened.add(message);
      }
      if (this.shortened.has(message)) shortened.push({ entryId, message });
    });
    return shortened;
  }
}
