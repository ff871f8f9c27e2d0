/**
 * Getting an existing session file ready for appends: lock first (so two writers never
 * repair the same file at once), then load, then cut a torn tail off or — for an older
 * format — rewrite the file once, atomically, so new entries never point into an old shape.
 */
import { fail, ioError, ok, type Result } from "./errors.js";
import { type LoadedSession, loadSessionFile } from "./load.js";
import { acquireLock, type SessionLock } from "./lock.js";
import { repairTail, serializeSession, writeFileDurably } from "./session-file.js";
import { FileLineWriter, type LineWriter } from "./writer.js";

export interface WritableSession {
  session: LoadedSession;
  writer: LineWriter;
  lock: SessionLock;
}

export function openWritable(path: string): Result<WritableSession> {
  const locked = acquireLock(path);
  if (!locked.ok) return locked;
  const lock = locked.value;
  const loaded = loadSessionFile(path);
  if (!loaded.ok) {
    lock.release();
    return loaded;
  }
  const session = loaded.value;
  try {
    if (session.migrated) {
      writeFileDurably(
        path,
        serializeSession(session.header, session.index.entries, session.detached),
      );
    } else {
      repairTail(path, session.validLength, session.fileSize, session.missingFinalNewline);
    }
    return ok({ session, writer: FileLineWriter.open(path), lock });
  } catch (error) {
    lock.release();
    return fail(ioError(path, error, "prepare for writing"));
  }
}
