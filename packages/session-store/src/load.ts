/**
 * A session file → header + entry index, with every recovery applied (torn tail,
 * corrupt lines, migration, orphaned entries). Needs no lock: a reader that races a
 * writer sees at most a torn last line, which it ignores.
 */
import { decodeEntry } from "./decode.js";
import { CURRENT_SESSION_VERSION, type SessionHeader } from "./entries.js";
import { EntryIndex } from "./entry-index.js";
import { fail, ioError, ok, type Result, type SessionWarning } from "./errors.js";
import { headerVersion, migrateSessionFile } from "./migrate.js";
import { parseSessionFile } from "./parse.js";
import { earlierEntriesIn } from "./tool-output.js";

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
  let parsed: ReturnType<typeof parseSessionFile>;
  try {
    parsed = parseSessionFile(path);
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
  const warnings = [...parsed.warnings];
  const [first, ...rest] = parsed.records;
  if (first?.value.type !== "session" || typeof first.value.id !== "string") {
    return fail({
      code: "INVALID_SESSION_FILE",
      message: `${path} is not a Gong session: its first line is not a session header. Check the path, or start a new session.`,
      path,
    });
  }
  const version = headerVersion(first.value);
  if (version > CURRENT_SESSION_VERSION) {
    return fail({
      code: "UNSUPPORTED_VERSION",
      message: `${path} was written by a newer Gong (session format v${version}; this one reads up to v${CURRENT_SESSION_VERSION}). Update Gong to open it.`,
      path,
      version,
    });
  }

  let rawHeader = first.value;
  let rawEntries = rest.map((record) => record.value);
  let lines = rest.map((record) => record.line);
  const migrated = version < CURRENT_SESSION_VERSION;
  if (migrated) {
    const upgraded = migrateSessionFile({ header: rawHeader, entries: rawEntries });
    rawHeader = upgraded.header;
    rawEntries = upgraded.entries;
    lines = rawEntries.map((_, i) => lines[i] ?? 0);
  }

  const header = rawHeader as unknown as SessionHeader;
  const index = new EntryIndex();
  const detached: Record<string, unknown>[] = [];
  const warn = (warning: SessionWarning) => warnings.push({ ...warning, path });
  const earlier = earlierEntriesIn((id) => index.get(id));
  rawEntries.forEach((raw, i) => {
    const line = lines[i] ?? 0;
    const decoded = decodeEntry(raw, earlier);
    if (decoded.ok === true) index.load(decoded.entry, line, warn);
    else if (decoded.ok === "detached") detached.push(decoded.raw);
    else {
      warn({
        kind: "corrupt_line",
        message: `Skipped line ${line}: ${decoded.reason}. The rest of the session was loaded.`,
        line,
      });
    }
  });

  return ok({
    header,
    index,
    detached,
    warnings,
    migrated,
    validLength: parsed.validLength,
    fileSize: parsed.fileSize,
    missingFinalNewline: parsed.missingFinalNewline,
  });
}
