/**
 * `session.tree`: the conversation tree of the session file — every branch, the leaf the
 * next message is appended to, moving it (`/tree`), bookmarks on entries (labels) and
 * forks into a new file. A move is the agent's `messages_replaced` event with its
 * `leafId`: the agent's list, the session file (the recorder) and every UI fold it alike.
 */
import { type Agent, BUSY_MESSAGE } from "@gong/agent-core";
import type { Result } from "@gong/base";
import type { Message } from "@gong/llm";
import {
  entryNotFound,
  isTreeEntry,
  type SessionContext,
  type SessionStore,
  type SessionTreeNode,
} from "@gong/session-store";
import type { SessionRecorder } from "../agent/recorder.js";
import type { SessionTodoStore } from "./todo-store.js";

export interface SessionTreeParts {
  store: SessionStore;
  recorder: SessionRecorder;
  agent: Agent;
  todos: SessionTodoStore;
  /** A run is in progress: the loop owns the message list, no move now. */
  busy: () => boolean;
}

/** The branch before the first message (a rewind to the session's first prompt). */
const beforeFirst = (): SessionContext => ({ messages: [], entryIds: [], thinkingLevel: "off" });

export class SessionTree {
  constructor(private readonly parts: SessionTreeParts) {}

  /** The whole conversation tree of the session file (every branch), labels included. */
  entries(): SessionTreeNode[] {
    return this.parts.store.getTree();
  }

  /** The entry the next message is appended to (null for an empty session). */
  get leafId(): string | null {
    return this.parts.store.leafId;
  }

  /** The session-file entry a message of `session.messages` is stored as (undefined: not yet). */
  entryIdOf(message: Message): string | undefined {
    return this.parts.recorder.entryIdOf(message);
  }

  /**
   * Continues the conversation from `entryId` (`/tree`; null: before the first message):
   * the agent's messages become that branch's, built as a resume builds them (the latest
   * compaction's summary, then the kept messages), and the recorder moves the file's leaf
   * there, so a resume continues there too. The model and thinking level stay as they
   * are (recorded on the new branch where it last had others). Refused while a run is
   * in progress.
   */
  moveTo(entryId: string | null): Result<void> {
    if (this.parts.busy()) return { ok: false, error: BUSY_MESSAGE };
    const { store, recorder, agent, todos } = this.parts;
    if (entryId !== null) {
      const entry = store.getEntry(entryId);
      if (!entry || !isTreeEntry(entry))
        return { ok: false, error: entryNotFound(entryId).message };
    }
    const context = entryId === null ? beforeFirst() : store.buildContext(entryId);
    // These messages are on disk already: the recorder must not append them again.
    recorder.know(context);
    todos.restore(entryId === null ? [] : store.getBranch(entryId));
    agent.replaceMessages(context.messages, entryId);
    return { ok: true, value: undefined };
  }

  /** Sets the bookmark shown on `entryId` in `/tree`; an empty or undefined label removes it. */
  label(entryId: string, label: string | undefined): Result<void> {
    const labelled = this.parts.recorder.record({ type: "label", targetId: entryId, label });
    return labelled.ok ? { ok: true, value: undefined } : labelled;
  }

  /**
   * Writes a new session file holding this session's path from the root to `entryId`
   * and returns it (unlocked, for `createCodingSession({ session: { kind: "open" } })`).
   */
  fork(entryId: string): { ok: true; path: string } | { ok: false; error: string } {
    const { store } = this.parts;
    if (!store.path)
      return {
        ok: false,
        error: "This session is not saved (--no-session), so it cannot be forked.",
      };
    const forked = store.fork(entryId);
    if (!forked.ok) return { ok: false, error: forked.error.message };
    forked.value.close();
    return { ok: true, path: forked.value.path! };
  }
}
