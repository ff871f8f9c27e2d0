import path from "node:path";
import { BUSY_MESSAGE } from "@gong/agent-core";
import { resolveGongHome } from "@gong/base";
import type { SessionEndReason } from "@gong/hooks";
import { resolveSessionPath, type SessionInfo } from "@gong/session-store";
import {
  finishWorktree,
  keptWorktreeLines,
  type OpenedWorktree,
  openWorktree,
  type Worktree,
} from "@gong/worktrees";
import type { SubagentEvent } from "../subagents/subagent-events.js";
import type { CodingSession } from "./coding-session.js";
import { createCodingSession } from "./create-session.js";
import { listSessionsForCwd } from "./list-sessions.js";
import type {
  CodingSessionError,
  CodingSessionEvent,
  CodingSessionOptions,
  SessionChoice,
} from "./options.js";

const BUSY = { ok: false, error: BUSY_MESSAGE } as const;

export type SwitchResult =
  | {
      ok: true;
      session: CodingSession /** Set when the session runs in a worktree. */;
      worktree?: Worktree;
    }
  | { ok: false; error: string };

export interface NewSessionOptions {
  /**
   * Run the new session in the git worktree of this name (`true`: a new name), made or
   * reused as `gong --worktree` does (@gong/worktrees, packages/worktrees).
   */
  worktree?: string | true;
}

/**
 * The session an app is talking to, which the user may replace: a new session, another
 * one from the store, a fork (`/new`, `/resume`, `/fork`; the RPC `new_session`,
 * `switch_session`, `fork`). Listeners stay subscribed across the switch. The next
 * session is opened before the current one closes, so a failed switch changes nothing;
 * a new session or a fork keeps the current model and thinking level.
 */
export class SessionHost {
  private readonly listeners = new Set<(event: CodingSessionEvent) => void>();
  private readonly subagentListeners = new Set<(event: SubagentEvent) => void>();
  private unsubscribe: () => void;
  /** The worktree the current session runs in: finished when the session is left. */
  private worktree: Worktree | undefined;

  private constructor(
    private readonly options: CodingSessionOptions,
    private session: CodingSession,
  ) {
    this.unsubscribe = this.forward(session);
  }

  /** The host, or why the session could not open; either way the opening's warnings. */
  static async open(options: CodingSessionOptions): Promise<
    ({ ok: true; host: SessionHost } | { ok: false; error: CodingSessionError }) & {
      warnings: string[];
    }
  > {
    const created = await createCodingSession(options);
    if (!created.ok) return created;
    const { session, warnings } = created;
    return { ok: true, host: new SessionHost(options, session), warnings };
  }

  get current(): CodingSession {
    return this.session;
  }

  subscribe(listener: (event: CodingSessionEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The subagents' events (`CodingSession.subscribeSubagents`), across switches too. */
  subscribeSubagents(listener: (event: SubagentEvent) => void): () => void {
    this.subagentListeners.add(listener);
    return () => this.subagentListeners.delete(listener);
  }

  /**
   * A new, empty session file (or a new in-memory session with `--no-session`); with
   * `worktree`, in that git worktree of this folder's repository.
   */
  async newSession(options: NewSessionOptions = {}): Promise<SwitchResult> {
    const kind = this.options.session.kind === "none" ? "none" : "new";
    if (options.worktree === undefined) return this.replace({ kind }, true);
    if (this.session.isStreaming) return BUSY;
    const name = options.worktree === true ? undefined : options.worktree;
    const opened = await openWorktree(this.options.cwd, name);
    if (!opened.ok) return opened;
    const switched = await this.replace({ kind }, true, opened.value);
    // A session that could not open leaves no worktree it made behind.
    if (!switched.ok && opened.value.created) await finishWorktree(opened.value, "gong: unused");
    return switched;
  }

  /** Another stored session, by id prefix or file; the current one is a no-op. */
  switchTo(ref: string): Promise<SwitchResult> {
    const gongHome = this.options.gongHome ?? resolveGongHome(this.options.env);
    const resolved = resolveSessionPath(ref, {
      cwd: this.options.cwd,
      gongHome,
      env: this.options.env,
      ...(this.options.sessionDir ? { sessionDir: this.options.sessionDir } : {}),
    });
    if (
      resolved.ok &&
      this.session.file.path &&
      path.resolve(resolved.value) === this.session.file.path
    ) {
      return Promise.resolve({ ok: true, session: this.session });
    }
    return this.replace({ kind: "open", ref }, false);
  }

  /**
   * The stored sessions of this cwd, newest first, where this host keeps them (its
   * `sessionDir`, else the settings'): what `/resume` offers.
   */
  listSessions(): Promise<SessionInfo[]> {
    const { env } = this.options;
    return listSessionsForCwd({
      cwd: this.options.cwd,
      gongHome: this.options.gongHome ?? resolveGongHome(env),
      env,
      ...(this.options.sessionDir ? { sessionDir: this.options.sessionDir } : {}),
    });
  }

  /** A new session file holding the current one's path up to `entryId`, opened in its place. */
  async fork(entryId: string): Promise<SwitchResult> {
    // Checked before the new file is written, so a refused fork leaves nothing behind.
    if (this.session.isStreaming) return BUSY;
    const forked = this.session.tree.fork(entryId);
    if (!forked.ok) return forked;
    return this.replace({ kind: "open", ref: forked.path }, true);
  }

  /** `reason`: SessionEnd's (the interactive mode's exit is `prompt_input_exit`). */
  async close(reason: SessionEndReason = "other"): Promise<void> {
    this.unsubscribe();
    await this.session.close(reason);
    await this.leaveWorktree();
  }

  private async replace(
    choice: SessionChoice,
    keepModel: boolean,
    worktree?: OpenedWorktree,
  ): Promise<SwitchResult> {
    if (this.session.isStreaming) return BUSY;
    const current = this.session;
    const created = await createCodingSession({
      ...this.options,
      ...(worktree ? { cwd: worktree.cwd } : {}),
      session: choice,
      ...(keepModel
        ? {
            provider: current.models.current.provider,
            model: current.models.current.id,
            thinking: current.models.thinkingLevel,
          }
        : {}),
    });
    // The app is running: the next session's warnings are shown as they come.
    for (const message of created.warnings) this.options.onWarning?.(message);
    if (!created.ok) return { ok: false, error: created.error.message };
    this.unsubscribe();
    // Claude Code's /clear is gong's new session; a resume or fork ends it otherwise.
    await current.close(choice.kind === "new" || choice.kind === "none" ? "clear" : "other");
    await this.leaveWorktree();
    this.worktree = worktree;
    this.session = created.session;
    this.unsubscribe = this.forward(created.session);
    return { ok: true, session: created.session, ...(worktree ? { worktree } : {}) };
  }

  /**
   * The session in a worktree was left: its changes are committed on its branch and the
   * worktree kept (how to review, merge or remove it is said as a warning), or removed.
   */
  private async leaveWorktree(): Promise<void> {
    const worktree = this.worktree;
    if (!worktree) return;
    this.worktree = undefined;
    const end = await finishWorktree(worktree, `gong: session in worktree ${worktree.name}`);
    const lines = end.kept
      ? keptWorktreeLines(worktree, end)
      : [`worktree ${worktree.name} had no changes: removed it and branch ${worktree.branch}.`];
    this.options.onWarning?.(lines.join("\n"));
  }

  private forward(session: CodingSession): () => void {
    const unsubscribe = session.subscribe((event) => {
      for (const listener of this.listeners) listener(event);
    });
    const unsubscribeSubagents = session.subscribeSubagents((event) => {
      for (const listener of this.subagentListeners) listener(event);
    });
    return () => {
      unsubscribe();
      unsubscribeSubagents();
    };
  }
}
