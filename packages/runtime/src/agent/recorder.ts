import { type AgentEvent, type CompactionResult, foldHistory } from "@gong/agent-core";
import type { Result } from "@gong/base";
import type { Message, Model, ThinkingLevel } from "@gong/llm";
import type {
  CheckpointEntry,
  SessionContext,
  SessionEntry,
  SessionStore,
  ShortenedMessage,
} from "@gong/session-store";

/**
 * What the session records that is not an agent event: a bookmark (`/tree` label), the
 * session's name (`/rename`), a `custom` entry (todo_write's new list, todo-store.ts), a
 * checkpoint (a snapshot of the project's files tied to an entry, from @gong/checkpoints).
 */
export type SessionRecord =
  | { type: "label"; targetId: string; label: string | undefined }
  | { type: "name"; name: string | undefined }
  | { type: "custom"; customType: string; data: unknown }
  | ({ type: "checkpoint" } & Pick<
      CheckpointEntry,
      "targetId" | "trigger" | "snapshot" | "skipped"
    >);

/** The model and thinking level a branch last recorded. */
type RunningOnBranch = Pick<SessionContext, "model" | "thinkingLevel">;

/** The store's writing side, which only the recorder uses. */
export type RecordedStore = Pick<
  SessionStore,
  | "appendMessage"
  | "appendCompaction"
  | "appendModelChange"
  | "appendThinkingLevelChange"
  | "appendCustom"
  | "appendCheckpoint"
  | "setLabel"
  | "setName"
  | "branch"
  | "resetLeaf"
  | "buildContext"
>;

/**
 * The one writer of the session file (ARCHITECTURE §9): it folds the agent's events with
 * the agent's own `foldHistory`, appending each message as it ends (so it is on disk
 * before its tools run), each compaction with the entry id of its first kept message, so
 * resuming rebuilds the context the agent had, each model and thinking level change, and
 * each leaf move (`messages_replaced` with a `leafId`); and the session's own records
 * (`record`). Failed attempts that the agent retried and dropped end `discarded` and are
 * never written.
 */
export class SessionRecorder {
  /** The entry each message object was stored as (the agent never copies a message). */
  private readonly entryIds = new WeakMap<Message, string>();
  /** Messages that are a compaction's shortened copy of their entry (`CompactionEntry.shortened`). */
  private readonly shortened = new WeakSet<Message>();
  /** The agent's list, folded from the same events. */
  private messages: Message[];
  /** What the session runs with, folded from the same events (`start`, the changes). */
  private running: { model?: Model; thinkingLevel?: ThinkingLevel } = {};

  constructor(
    private readonly store: RecordedStore,
    restoredContext: Pick<SessionContext, "messages" | "entryIds" | "shortenedEntryIds">,
    private readonly warn: (message: string) => void,
  ) {
    this.know(restoredContext);
    this.messages = [...restoredContext.messages];
  }

  /**
   * The model and thinking level the session starts with, recorded where the branch says
   * otherwise (`branch`: the context the session opened with), so a resume continues
   * with the same model and level.
   */
  start(model: Model, thinkingLevel: ThinkingLevel, branch: RunningOnBranch): void {
    this.running = { model, thinkingLevel };
    this.recordRunning(branch);
  }

  /**
   * Writes a session record; the store's refusal (an unknown entry, a name too long) comes
   * back as the error.
   */
  record(change: SessionRecord): Result<SessionEntry> {
    switch (change.type) {
      case "label":
        return fromStore(this.store.setLabel(change.targetId, change.label));
      case "name":
        return fromStore(this.store.setName(change.name));
      case "custom":
        return { ok: true, value: this.store.appendCustom(change.customType, change.data) };
      case "checkpoint": {
        const { type: _type, ...checkpoint } = change;
        return fromStore(this.store.appendCheckpoint(checkpoint));
      }
    }
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
        this.running.model = event.model;
        break;
      case "thinking_level_change":
        this.store.appendThinkingLevelChange(event.thinkingLevel);
        this.running.thinkingLevel = event.thinkingLevel;
        break;
      case "messages_replaced":
        if (event.leafId !== undefined) this.moveLeaf(event.leafId);
        break;
    }
    this.messages = foldHistory(this.messages, event);
  }

  /** The entry `message` was stored as; undefined until it is on disk. */
  entryIdOf(message: Message): string | undefined {
    return this.entryIds.get(message);
  }

  /**
   * Moves the file's leaf (the caller checked that the entry exists: the move is already
   * the agent's). The model and thinking level stay what they were, so where the new
   * branch last recorded others, the running ones are recorded on it: a resume there
   * continues with what the session ran with (test "a rewind records the running model").
   */
  private moveLeaf(leafId: string | null): void {
    if (leafId === null) this.store.resetLeaf();
    else {
      const moved = this.store.branch(leafId);
      if (!moved.ok) {
        this.warn(
          `the move to ${leafId} was not saved (${moved.error.message}); a resume continues where the session was`,
        );
        return;
      }
    }
    this.recordRunning();
  }

  /** Records the running model and thinking level where the branch says otherwise. */
  private recordRunning(branch: RunningOnBranch = this.store.buildContext()): void {
    const { model, thinkingLevel } = this.running;
    if (model && (branch.model?.provider !== model.provider || branch.model?.modelId !== model.id))
      this.store.appendModelChange(model.provider, model.id);
    if (thinkingLevel !== undefined && branch.thinkingLevel !== thinkingLevel)
      this.store.appendThinkingLevelChange(thinkingLevel);
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

/** A store result as a plain one: its error's message. */
function fromStore<T extends SessionEntry>(
  result: { ok: true; value: T } | { ok: false; error: { message: string } },
): Result<SessionEntry> {
  return result.ok ? { ok: true, value: result.value } : { ok: false, error: result.error.message };
}
