/**
 * Session listing for `--resume` and `/resume`: reads at most the first 64 KB of each
 * file (docs/architecture.md, "The session file": listing reads only headers, so a 50 MB session costs what a
 * small one does), parses the header and the first user message from it, and counts the
 * messages in it by scanning bytes for the line prefix every message entry is written
 * with (`{"type":"message"`). The session's name (`/rename`) is the last `session_info`
 * line in those first 64 KB or in the file's last 64 KB, where the store keeps writing
 * it again as the session grows (store.ts keepNameInTail). Unchanged files (same size and mtime) come from a
 * per-process cache, so re-listing is nearly free.
 */
import { closeSync, fstatSync, openSync, readdirSync, readSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { type Message, parsePartialJson } from "@gong/llm";
import type { SessionWarning, WarningListener } from "./errors.js";
import { allSessionDirs } from "./find.js";
import { parseObject } from "./parse.js";
import { type SessionLocationOptions, sessionDirsFor } from "./paths.js";

export interface SessionInfo {
  id: string;
  path: string;
  cwd: string;
  /** ISO 8601, from the header. */
  created: string;
  /** ISO 8601, the file's last modification. */
  modified: string;
  /** Text of the first user message (up to 200 characters), "" when there is none. */
  firstMessage: string;
  /** Messages in the part of the file the listing reads: all of them when `messageCountComplete`. */
  messageCount: number;
  /** False for a file larger than the listing reads: it holds more than `messageCount` messages. */
  messageCountComplete: boolean;
  parentSession?: string;
  /** The name given with `/rename`. */
  name?: string;
}

export interface ListSessionsOptions extends SessionLocationOptions {
  /** Files that are not readable sessions are skipped and reported here. */
  onWarning?: WarningListener;
}

const FIRST_MESSAGE_CHARS = 200;
/** Enough for the header and the first prompt of nearly every session. */
const LISTING_READ_BYTES = 64 * 1024;
const MESSAGE_LINE = Buffer.from('\n{"type":"message"');
const NAME_LINE = Buffer.from('\n{"type":"session_info"');
/** Where a name set late in a long session is looked for (the store repeats it within this). */
const TAIL_READ_BYTES = 64 * 1024;
const cache = new Map<string, { size: number; mtimeMs: number; info: SessionInfo }>();

/**
 * Sessions of one project, most recently modified first. In the default layout only
 * sessions whose header names this cwd: the folder of the earlier naming may hold a
 * look-alike project's (`/X/a-b` beside `/X/a/b`), never to be listed or continued here.
 */
export function listSessions(cwd: string, options: ListSessionsOptions = {}): SessionInfo[] {
  const { dirs, cwdFilter } = sessionDirsFor(cwd, options);
  const sessions = listDirs(dirs, options);
  return cwdFilter === undefined ? sessions : sessions.filter((info) => ownedBy(info, cwdFilter));
}

function ownedBy(info: SessionInfo, cwd: string): boolean {
  return info.cwd !== "" && resolve(info.cwd) === cwd;
}

/**
 * The most recently modified session of one project (`-c`), or undefined. Files are
 * ordered by a `stat` each and only read newest first until one is a session, so
 * continuing does not read every session of a busy project.
 */
export function newestSession(
  cwd: string,
  options: ListSessionsOptions = {},
): SessionInfo | undefined {
  const { dirs, cwdFilter } = sessionDirsFor(cwd, options);
  const files: { path: string; mtimeMs: number }[] = [];
  for (const dir of dirs) files.push(...jsonlFiles(dir));
  files.sort((a, b) => b.mtimeMs - a.mtimeMs);
  for (const file of files) {
    const info = readSessionInfo(file.path, options.onWarning);
    if (info && (cwdFilter === undefined || ownedBy(info, cwdFilter))) return info;
  }
  return undefined;
}

function jsonlFiles(dir: string): { path: string; mtimeMs: number }[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return []; // a project without sessions yet
  }
  const files: { path: string; mtimeMs: number }[] = [];
  for (const name of names) {
    if (!name.endsWith(".jsonl")) continue;
    const path = join(dir, name);
    const stat = statSync(path, { throwIfNoEntry: false });
    if (stat?.isFile()) files.push({ path, mtimeMs: stat.mtimeMs });
  }
  return files;
}

/** Sessions of every project, most recently modified first. */
export function listAllSessions(options: ListSessionsOptions = {}): SessionInfo[] {
  return listDirs(allSessionDirs(options), options);
}

function listDirs(dirs: string[], options: ListSessionsOptions): SessionInfo[] {
  const sessions: SessionInfo[] = [];
  for (const dir of dirs) {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      continue; // a project without sessions yet
    }
    for (const name of names) {
      if (!name.endsWith(".jsonl")) continue;
      const info = readSessionInfo(join(dir, name), options.onWarning);
      if (info) sessions.push(info);
    }
  }
  return sessions.sort((a, b) => (a.modified < b.modified ? 1 : a.modified > b.modified ? -1 : 0));
}

/** The listing record of one file, or undefined (with a warning) if it is not a session. */
export function readSessionInfo(
  path: string,
  onWarning?: WarningListener,
): SessionInfo | undefined {
  let bytes: Buffer;
  let tail: Buffer | undefined;
  let size: number;
  let mtimeMs: number;
  let fd: number | undefined;
  try {
    fd = openSync(path, "r");
    const stat = fstatSync(fd);
    mtimeMs = stat.mtimeMs;
    const cached = cache.get(path);
    if (cached && cached.size === stat.size && cached.mtimeMs === mtimeMs) return cached.info;
    bytes = Buffer.allocUnsafe(Math.min(stat.size, LISTING_READ_BYTES));
    size = stat.size;
    let read = 0;
    while (read < bytes.length) {
      const n = readSync(fd, bytes, read, bytes.length - read, read);
      if (n === 0) break;
      read += n;
    }
    bytes = bytes.subarray(0, read);
    if (size > read) tail = readTail(fd, read, size);
  } catch (error) {
    warn(onWarning, path, `Skipped ${path}: ${(error as Error).message}.`);
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }

  const headerEnd = bytes.indexOf(0x0a);
  const header = parseLine(bytes, 0, headerEnd === -1 ? bytes.length : headerEnd);
  if (header?.type !== "session" || typeof header.id !== "string") {
    warn(onWarning, path, `Skipped ${path}: it does not start with a session header.`);
    return undefined;
  }

  let messageCount = 0;
  let firstMessage: string | undefined;
  let at = bytes.indexOf(MESSAGE_LINE);
  while (at !== -1) {
    const lineStart = at + 1;
    const lineEnd = bytes.indexOf(0x0a, lineStart);
    if (lineEnd === -1) {
      // Cut off by the read limit (a torn last line of a writer mid-append has no newline
      // either): not counted, but a long first prompt still names the session.
      if (firstMessage === undefined && bytes.length < size) {
        firstMessage = firstUserText(parsePartialJson(bytes.toString("utf8", lineStart)));
      }
      break;
    }
    messageCount++;
    firstMessage ??= firstUserText(parseLine(bytes, lineStart, lineEnd));
    at = bytes.indexOf(MESSAGE_LINE, lineEnd);
  }

  const info: SessionInfo = {
    id: header.id,
    path,
    cwd: typeof header.cwd === "string" ? header.cwd : "",
    created:
      typeof header.timestamp === "string" ? header.timestamp : new Date(mtimeMs).toISOString(),
    modified: new Date(mtimeMs).toISOString(),
    firstMessage: firstMessage ?? "",
    messageCount,
    messageCountComplete: bytes.length === size,
    ...(typeof header.parentSession === "string" ? { parentSession: header.parentSession } : {}),
  };
  // The tail is later in the file: its answer, even "no name", wins.
  const fromTail = tail ? lastName(tail) : undefined;
  const name = fromTail !== undefined ? fromTail : lastName(bytes);
  if (name) info.name = name;
  cache.set(path, { size, mtimeMs, info });
  return info;
}

/** The file's last bytes after `from` (at most TAIL_READ_BYTES), from a line start on. */
function readTail(fd: number, from: number, size: number): Buffer {
  const start = Math.max(from, size - TAIL_READ_BYTES);
  const tail = Buffer.allocUnsafe(size - start);
  let read = 0;
  while (read < tail.length) {
    const n = readSync(fd, tail, read, tail.length - read, start + read);
    if (n === 0) break;
    read += n;
  }
  // One byte before the window is a newline when the window starts at a line.
  return tail.subarray(0, read);
}

/**
 * The name of the last complete `session_info` line in `bytes`: a string, null when it
 * removed the name, undefined when there is none.
 */
function lastName(bytes: Buffer): string | null | undefined {
  let at = bytes.lastIndexOf(NAME_LINE);
  while (at !== -1) {
    const lineEnd = bytes.indexOf(0x0a, at + 1);
    const entry = lineEnd === -1 ? undefined : parseLine(bytes, at + 1, lineEnd);
    if (entry && (typeof entry.name === "string" || entry.name === null)) {
      const name = typeof entry.name === "string" ? entry.name.trim() : "";
      return name || null;
    }
    at = at === 0 ? -1 : bytes.lastIndexOf(NAME_LINE, at - 1);
  }
  return undefined;
}

function parseLine(bytes: Buffer, start: number, end: number): Record<string, unknown> | undefined {
  return parseObject(bytes.toString("utf8", start, end));
}

/** The text of a message entry's message if it is the user's, else undefined. */
function firstUserText(entry: Record<string, unknown> | undefined): string | undefined {
  const message = entry?.message as Message | undefined;
  return message?.role === "user" ? userText(message) : undefined;
}

function userText(message: Extract<Message, { role: "user" }>): string {
  const text =
    typeof message.content === "string"
      ? message.content
      : message.content
          .filter((part) => part.type === "text")
          .map((part) => (part as { text: string }).text)
          .join(" ");
  const oneLine = text.replace(/\s+/g, " ").trim();
  return oneLine.length > FIRST_MESSAGE_CHARS
    ? `${oneLine.slice(0, FIRST_MESSAGE_CHARS - 1)}…`
    : oneLine;
}

function warn(listener: WarningListener | undefined, path: string, message: string): void {
  const warning: SessionWarning = { kind: "not_a_session", message, path };
  listener?.(warning);
}
