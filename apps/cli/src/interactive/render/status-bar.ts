import { truncateToWidth, visibleWidth } from "@mariozechner/pi-tui";
import pc from "picocolors";
import { formatTokens } from "../../format-tokens.js";
import { formatCost, formatElapsed } from "./format.js";

/** What the two bottom lines show. */
export interface StatusInfo {
  /** `provider/id`. */
  model: string;
  thinking: string;
  /** Tokens in the context as of the last answer; undefined before the first. */
  contextTokens?: number;
  contextWindow?: number;
  /** Dollars spent in this session. */
  cost: number;
  cwd: string;
  /** bash's sandbox when it is on: `workspace-write` (`, network` when it lets that through). */
  sandbox?: string;
  /** While the agent works: what it is doing and since when. */
  working?: { activity: string; since: number };
  /** The session's permission mode: shown first unless auto. */
  mode?: string;
}

const SPINNER = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];
/** One spinner frame per this many ms (the redraw timer's period). */
export const SPINNER_FRAME_MS = 80;

/** `⠹ running bash npm test · 12 s` while the agent works; nothing when idle. */
export function activityLine(info: StatusInfo, width: number, now: number): string[] {
  if (!info.working) return [];
  const frame = SPINNER[Math.floor(now / SPINNER_FRAME_MS) % SPINNER.length];
  const elapsed = formatElapsed(Math.floor((now - info.working.since) / 1000) * 1000);
  const hint = pc.dim(" · Esc aborts");
  const line = `${pc.cyan(frame)} ${info.working.activity} ${pc.dim(`· ${elapsed}`)}${hint}`;
  return [truncateToWidth(line, width, "…")];
}

/**
 * `~/src/app · openai/gpt-5 · thinking medium · ctx 6% 12K/200K · $0.042` (`plan mode`,
 * `ask mode`, `accept-edits mode` first in any mode but auto, then `sandbox workspace-write` when on). The cwd is
 * what gives way on a narrow terminal (cut from the left, so its last folders stay).
 */
export function footerLine(info: StatusInfo, width: number): string {
  const parts = [
    // auto is the CLI's default: only another mode is worth the room.
    ...(info.mode && info.mode !== "auto" ? [`${info.mode} mode`] : []),
    ...(info.sandbox ? [`sandbox ${info.sandbox}`] : []),
    info.model,
  ];
  parts.push(`thinking ${info.thinking}`);
  const meter = contextMeter(info);
  if (meter) parts.push(meter);
  parts.push(formatCost(info.cost));
  const right = parts.join(" · ");
  const room = width - visibleWidth(right) - 3;
  const cwd = room >= 8 ? `${shortenLeft(info.cwd, room)} · ` : "";
  return pc.dim(truncateToWidth(`${cwd}${right}`, width, "…"));
}

function shortenLeft(text: string, width: number): string {
  if (visibleWidth(text) <= width) return text;
  let cut = text;
  while (cut.length > 0 && visibleWidth(cut) > width - 1) cut = cut.slice(1);
  return `…${cut}`;
}

/**
 * `ctx 6% 12K/200K`: how full the context is as of the last answer (issue 35.13); the
 * percentage first, so it survives a narrow terminal. Nothing before the first answer
 * that reported usage.
 */
export function contextMeter(info: Pick<StatusInfo, "contextTokens" | "contextWindow">): string {
  const used = info.contextTokens;
  if (used === undefined) return "";
  const window = info.contextWindow ?? 0;
  if (window <= 0) return `ctx ${formatTokens(used)}`;
  return `ctx ${Math.round((used / window) * 100)}% ${formatTokens(used)}/${formatTokens(window)}`;
}
