/**
 * A session file → header + entry index, with every recovery applied (torn tail,
 * corrupt lines, migration, orphaned entries). Needs no lock: a reader that races a
 * writer sees at most a torn last line, which it ignores.
 */
import { decodeEntry } from "./decode.js";
import { earlierEntriesIn } from "./delta-lines.js";
import { CURRENT_SESSION_VERSION, type SessionHeader } from "./entries.js";
import { EntryIndex } from "./entry-index.js";
import {
  fail,
  ioError,
  ok,
  type Result,
  type SessionStoreError,
  type SessionWarning,
} from "./errors.js";
import { headerVersion, migrateSessionFile } from "./migrate.js";
import { parseSessionFile, type RawRecord } from "./parse.js";

export interface LoadedSession {
  header: SessionHeader;
  index: EntryIndex;
  /** Lines without an id (unknown records): kept so a rewrite does not drop them. */
  detached: Record<string, unknown>[];
  warnings: SessionWarning[];
  /** The file was an older version and was migrated in memory. */
  migrated: boolean;
  /** Bytes worth keeping (see parse.ts). */
  validLength: number;
  fileSize: number;
  missingFinalNewline: boolean;
}

export function loadSessionFile(path: string): Result<LoadedSession> {
  const reader = new EntryReader(path);
  let parsed: ReturnType<typeof parseSessionFile>;
  try {
    parsed = parseSessionFile(path, (record) => reader.add(record));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") {
      return fail({
        code: "SESSION_NOT_FOUND",
        message: `Session file ${path} does not exist. List sessions with --resume, or start a new one.`,
        query: path,
      });
    }
    return fail(ioError(path, error, "read"));
  }
  const read = reader.finish();
  if (!read.ok) return read;
  return ok({
    ...read.value,
    // The file's own problems first, then what its entries lacked.
    warnings: [...parsed.warnings, ...read.value.warnings],
    validLength: parsed.validLength,
    fileSize: parsed.fileSize,
    missingFinalNewline: parsed.missingFinalNewline,
  });
}

type ReadSession = Pick<LoadedSession, "header" | "index" | "detached" | "warnings" | "migrated">;

/**
 * The records of one file, in order: the first must be the header; a current file's
 * entries are decoded and indexed as they come (a decoded tool result replaces its raw
 * record while that is new: nothing of the raw file outlives its line), an older file's
 * are kept raw until the end, since a migration works on all of them at once.
 */
class EntryReader {
  private header: SessionHeader | undefined;
  private failure: SessionStoreError | undefined;
  private readonly index = new EntryIndex();
  private readonly detached: Record<string, unknown>[] = [];
  private readonly warnings: SessionWarning[] = [];
  private readonly earlier = earlierEntriesIn((id) => this.index.get(id));
  /** The raw entries of a file to migrate, and their line numbers. */
  private old: { entries: Record<string, unknown>[]; lines: number[] } | undefined;

  constructor(private readonly path: string) {}

  add({ line, value }: RawRecord): void {
    if (this.failure) return;
    if (!this.header) this.failure = this.readHeader(value);
    else if (this.old) {
      this.old.entries.push(value);
      this.old.lines.push(line);
    } else this.decode(value, line);
  }

  finish(): Result<ReadSession> {
    if (this.failure) return fail(this.failure);
    const header = this.header;
    if (!header) return fail(this.notASession());
    const migrated = this.old !== undefined;
    if (this.old) {
      const upgraded = migrateSessionFile({
        header: header as unknown as Record<string, unknown>,
        entries: this.old.entries,
      });
      this.header = upgraded.header as unknown as SessionHeader;
      const lines = this.old.lines;
      upgraded.entries.forEach((raw, i) => {
        this.decode(raw, lines[i] ?? 0);
      });
    }
    const { index, detached, warnings } = this;
    return ok({ header: this.header as SessionHeader, index, detached, warnings, migrated });
  }

  private readHeader(value: Record<string, unknown>): SessionStoreError | undefined {
    if (value.type !== "session" || typeof value.id !== "string") return this.notASession();
    const version = headerVersion(value);
    if (version > CURRENT_SESSION_VERSION) {
      return {
        code: "UNSUPPORTED_VERSION",
        message: `${this.path} was written by a newer Gong (session format v${version}; this one reads up to v${CURRENT_SESSION_VERSION}). Update Gong to open it.`,
        path: this.path,
        version,
      };
    }
    this.header = value as unknown as SessionHeader;
    if (version < CURRENT_SESSION_VERSION) this.old = { entries: [], lines: [] };
    return undefined;
  }

  private notASession(): SessionStoreError {
    return {
      code: "INVALID_SESSION_FILE",
      message: `${this.path} is not a Gong session: its first line is not a session header. Check the path, or start a new session.`,
      path: this.path,
    };
  }

  private decode(raw: Record<string, unknown>, line: number): void {
    const decoded = decodeEntry(raw, this.earlier);
    if (decoded.ok === true) this.index.load(decoded.entry, line, this.warn);
    else if (decoded.ok === "detached") this.detached.push(decoded.raw);
    else {
      this.warn({
        kind: "corrupt_line",
        message: `Skipped line ${line}: ${decoded.reason}. The rest of the session was loaded.`,
        line,
      });
    }
  }

  private readonly warn = (warning: SessionWarning) =>
    this.warnings.push({ ...warning, path: this.path });
}
