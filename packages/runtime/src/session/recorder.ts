import type { AgentEvent, CompactionResult } from "@gong/agent-core";
import type { Message } from "@gong/llm";
import type { SessionContext, SessionStore } from "@gong/session-store";

/**
 * Keeps the session file in step with the agent's message list. At each message_end,
 * turn_end and agent_end it appends whatever the agent has added since the last sync,
 * so a message is on disk as soon as it ends — and failed attempts that the agent
 * retried and dropped are never written. A compaction is recorded with the entry id of
 * its first kept message, so resuming rebuilds the context the agent had.
 */
export class SessionRecorder {
  /** The entry each message object was stored as (messages are never copied by the agent). */
  private readonly entryIds = new WeakMap<Message, string>();
  /** How many messages at the head of the agent's list are on disk. */
  private persisted = 0;
  /** The agent's list as of the last sync; a compaction replaces the list, not this one. */
  private lastList: readonly Message[] = [];

  constructor(
    private readonly store: Pick<SessionStore, "appendMessage" | "appendCompaction">,
    restoredContext: Pick<SessionContext, "messages" | "entryIds">,
    private readonly messages: () => readonly Message[],
    private readonly warn: (message: string) => void,
  ) {
    this.restart(restoredContext);
  }

  /**
   * The agent's list now holds `context` (opening a session, moving to another branch):
   * those messages are on disk already, as the entries `context.entryIds` names.
   */
  restart(context: Pick<SessionContext, "messages" | "entryIds">): void {
    const { messages: restored, entryIds } = context;
    restored.forEach((message, i) => {
      const id = entryIds[i];
      if (id !== undefined) this.entryIds.set(message, id);
    });
    this.persisted = restored.length;
    this.lastList = restored;
  }

  onEvent(event: AgentEvent): void {
    switch (event.type) {
      case "message_end":
      case "turn_end":
      case "agent_end":
        this.sync();
        return;
      case "compaction_end":
        if (event.result) this.recordCompaction(event.result);
        return;
    }
  }

  /** The entry `message` was stored as; undefined until it is on disk. */
  entryIdOf(message: Message): string | undefined {
    return this.entryIds.get(message);
  }

  /** Appends the agent's messages that are not on disk yet. */
  sync(): void {
    const messages = this.messages();
    for (let i = this.persisted; i < messages.length; i++) {
      const message = messages[i]!;
      this.entryIds.set(message, this.store.appendMessage(message).id);
    }
    this.persisted = messages.length;
    this.lastList = messages;
  }

  private recordCompaction(result: CompactionResult): void {
    // The fallback stubs old tool outputs in place: nothing was summarised, nothing to
    // record (a resumed session compacts again when it needs to). The stubbed copies
    // stand for the same entries as the originals.
    if (result.fallback) {
      result.messages.forEach((message, i) => {
        const original = this.lastList[i];
        const id = original ? this.entryIds.get(original) : undefined;
        if (id !== undefined) this.entryIds.set(message, id);
      });
      this.persisted = this.countPersisted();
      return;
    }
    // A cut inside a turn keeps that turn's request ahead of the tail: two pieces, both
    // recorded, or a resume would bring back the whole turn in between (item 9).
    const [summary, ...kept] = result.messages;
    const turnStart = result.splitTurn ? kept.shift() : undefined;
    const turnStartEntryId = turnStart ? this.entryIds.get(turnStart) : undefined;
    const firstKeptEntryId = kept[0] ? this.entryIds.get(kept[0]) : undefined;
    if (!summary || firstKeptEntryId === undefined || (turnStart && !turnStartEntryId)) {
      this.warn(
        "the compaction kept no message that is in the session file, so its summary was not saved; a resumed session will compact again",
      );
      this.persisted = this.countPersisted();
      return;
    }
    const compactionId = this.store.appendCompaction({
      summary: result.summary,
      firstKeptEntryId,
      ...(turnStartEntryId ? { turnStartEntryId } : {}),
      tokensBefore: result.tokensBefore,
      details: { readFiles: result.readFiles, modifiedFiles: result.modifiedFiles },
    }).id;
    this.entryIds.set(summary, compactionId);
    this.persisted = this.countPersisted();
  }

  private countPersisted(): number {
    const messages = this.messages();
    const firstNew = messages.findIndex((m) => !this.entryIds.has(m));
    return firstNew < 0 ? messages.length : firstNew;
  }
}
