/**
 * One writer per session file: a lock file `<session>.lock` holding the owner's pid, host
 * and process start time. It is written to a temporary name and hard-linked into place,
 * which fails if the lock exists (like O_EXCL) and never shows a half-written lock. A lock whose owner is gone (crash, kill -9) is
 * stale and taken over; the start time catches a pid reused by another process.
 * Readers never take the lock.
 */
import { linkSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { fail, ioError, ok, type Result } from "./errors.js";

interface LockRecord {
  pid: number;
  host: string;
  /** Kernel start time of the process (Linux), to tell a reused pid apart. */
  pidStart?: string;
  since: string;
}

export interface SessionLock {
  readonly path: string;
  release(): void;
}

/** `/proc/<pid>/stat` field 22 (start time in clock ticks); undefined off Linux. */
function processStartTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may contain spaces and parentheses: split after it.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return fields[19];
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readLock(path: string): { text: string; record?: LockRecord } | undefined {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
  try {
    const record = JSON.parse(text) as LockRecord;
    if (typeof record.pid === "number") return { text, record };
  } catch {
    // Empty or half-written: the owner died between creating and filling it.
  }
  return { text };
}

function isStale(record: LockRecord | undefined): boolean {
  if (!record) return true;
  if (record.host !== hostname()) return false; // cannot check another machine's pids
  if (record.pid === process.pid) return false;
  if (!isAlive(record.pid)) return true;
  const start = processStartTime(record.pid);
  return record.pidStart !== undefined && start !== undefined && start !== record.pidStart;
}

const held = new Set<string>();
let exitHookInstalled = false;

/** Locks left by a process that exits normally without close() are removed. */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once("exit", () => {
    for (const path of held) {
      try {
        unlinkSync(path);
      } catch {
        // Already gone: nothing to clean.
      }
    }
  });
}

export function acquireLock(sessionPath: string): Result<SessionLock> {
  const path = `${sessionPath}.lock`;
  const record: LockRecord = {
    pid: process.pid,
    host: hostname(),
    since: new Date().toISOString(),
  };
  const start = processStartTime(process.pid);
  if (start) record.pidStart = start;

  const temp = `${path}.${process.pid}.${Date.now()}.tmp`;
  try {
    writeFileSync(temp, JSON.stringify(record));
  } catch (error) {
    return fail(ioError(temp, error, "write the lock file"));
  }
  try {
    return takeLock(sessionPath, path, temp);
  } finally {
    try {
      unlinkSync(temp);
    } catch {
      // The temporary name is gone already.
    }
  }
}

function takeLock(sessionPath: string, path: string, temp: string): Result<SessionLock> {
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      linkSync(temp, path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") {
        return fail(ioError(path, error, "create the lock file"));
      }
      const existing = readLock(path);
      if (existing === undefined) continue; // released in between: try again
      if (!isStale(existing.record)) {
        const holder = existing.record!;
        return fail({
          code: "SESSION_LOCKED",
          message: `Session ${sessionPath} is open in another Gong process (pid ${holder.pid} on ${holder.host}, since ${holder.since}). Close that one, open this session read-only, or start a new session. If that process is gone, delete ${path}.`,
          path: sessionPath,
          holderPid: holder.pid,
          holderHost: holder.host,
          since: holder.since,
        });
      }
      // Take over a stale lock only if it is still the one we judged, so two processes
      // recovering at once cannot delete each other's fresh lock.
      if (readLock(path)?.text === existing.text) {
        try {
          unlinkSync(path);
        } catch {
          // Someone else removed it first; the next attempt decides.
        }
      }
      continue;
    }
    held.add(path);
    installExitHook();
    let released = false;
    return ok({
      path,
      release() {
        if (released) return;
        released = true;
        held.delete(path);
        try {
          unlinkSync(path);
        } catch {
          // Removed by hand: the lock is gone either way.
        }
      },
    });
  }
  return fail(ioError(path, new Error("the lock kept changing hands"), "take the lock"));
}
