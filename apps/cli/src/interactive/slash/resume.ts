import { oneLine } from "@gong/render";
import type { SessionInfo } from "@gong/runtime";
import { worktreeNameOf } from "@gong/worktrees";
import type { PickOptions, SlashCommand } from "../contract.js";
import { whenIdle } from "./idle.js";

/** `/resume`: a picker over this folder's stored sessions, newest first; Enter opens one. */
export const resumeCommand: SlashCommand = {
  name: "resume",
  description: "open another session of this folder",
  async run(_args, context) {
    if (!whenIdle(context, "/resume")) return;
    const sessions = await context.host.listSessions();
    if (sessions.length === 0) {
      context.ui.note("no saved sessions for this folder yet");
      return;
    }
    const picked = await context.ui.pick(
      resumePicker(sessions, context.ui.width, context.host.current.file.path, context.cwd),
    );
    if (!picked) return;
    // Checked again: a run may have started while the picker was open (a queued follow-up).
    if (!whenIdle(context, "/resume")) return;
    const switched = await context.host.switchTo(picked.value.path);
    if (!switched.ok) {
      context.ui.error(switched.error);
      return;
    }
    context.ui.replayTranscript();
    context.ui.note(`resumed session ${picked.value.id}`);
  },
};

/** The `/resume` picker (also `gong -r` on a terminal); the open session is marked ●. */
export function resumePicker(
  sessions: readonly SessionInfo[],
  width: number,
  currentFile?: string,
  /** This folder: a session of another one names its folder. */
  cwd?: string,
): PickOptions<SessionInfo> {
  return {
    title: "Resume a session",
    items: sessions.map((session) => ({
      value: session,
      label: `${session.path === currentFile ? "● " : "  "}${oneLine(titleOf(session), Math.max(20, width - 40))}`,
      detail: describe(session, cwd),
      searchText: `${session.name ?? ""} ${session.firstMessage} ${session.id} ${session.cwd}`,
    })),
  };
}

/** A named session by its name (`/rename`) then its first prompt; else the prompt. */
function titleOf(session: SessionInfo): string {
  const prompt = session.firstMessage || "(no prompt yet)";
  return session.name ? `[${session.name}] ${prompt}` : prompt;
}

/**
 * `2026-11-24 16:55 · 12 messages`; a count the listing did not finish gets a "+"; a
 * session of another folder (`gong -r --all`) names it, one of a worktree (`gong
 * --worktree`) its worktree.
 */
function describe(session: SessionInfo, cwd?: string): string {
  const count = `${session.messageCount}${session.messageCountComplete ? "" : "+"}`;
  const worktree = worktreeNameOf(session.cwd);
  const folder =
    worktree !== undefined
      ? ` · worktree ${worktree}`
      : cwd && session.cwd !== cwd
        ? ` · in ${session.cwd}`
        : "";
  return `${localTime(session.modified)} · ${count} message${count === "1" ? "" : "s"}${folder}`;
}

function localTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
