/**
 * Schema versioning (test/migration.test.ts): each migration lifts a file one version, on raw JSON,
 * before anything is typed. Readers migrate in memory; a writer rewrites the file
 * atomically (store.ts) so new entries never point into an old shape.
 */
import { CURRENT_SESSION_VERSION } from "./entries.js";

export interface RawSessionFile {
  header: Record<string, unknown>;
  entries: Record<string, unknown>[];
}

type Migration = (file: RawSessionFile) => RawSessionFile;

/**
 * v0 → v1. Version 0 (no `version` in the header) was a flat log: entries had no `id`
 * or `parentId`, and a compaction pointed at the first kept entry by position
 * (`firstKeptEntryIndex`, 0-based among entries). v1 makes it a tree: ids derived from
 * the position (stable, so migrating twice gives the same file), each entry the child
 * of the previous one.
 */
const v0ToV1: Migration = ({ header, entries }) => {
  const idAt = (index: number) => `v0-${index.toString(16).padStart(6, "0")}`;
  const fallbackTime = typeof header.timestamp === "string" ? header.timestamp : epoch();
  const migrated = entries.map((entry, index) => {
    const { firstKeptEntryIndex, ...rest } = entry;
    const out: Record<string, unknown> = {
      type: rest.type,
      id: idAt(index),
      parentId: index === 0 ? null : idAt(index - 1),
      timestamp: typeof rest.timestamp === "string" ? rest.timestamp : fallbackTime,
    };
    for (const [key, value] of Object.entries(rest)) {
      if (!(key in out)) out[key] = value;
    }
    if (rest.type === "compaction" && typeof firstKeptEntryIndex === "number") {
      const kept = Math.min(Math.max(0, firstKeptEntryIndex), entries.length - 1);
      out.firstKeptEntryId = idAt(kept);
    }
    return out;
  });
  const { version: _v0, ...headerFields } = header;
  return { header: { type: header.type, version: 1, ...headerFields }, entries: migrated };
};

/** MIGRATIONS[n] lifts version n to n + 1. */
const MIGRATIONS: Migration[] = [v0ToV1];

export function headerVersion(header: Record<string, unknown>): number {
  return typeof header.version === "number" ? header.version : 0;
}

/** Runs every migration from the file's version up to the current one. */
export function migrateSessionFile(file: RawSessionFile): RawSessionFile {
  let current = file;
  for (let version = headerVersion(file.header); version < CURRENT_SESSION_VERSION; version++) {
    const migration = MIGRATIONS[version];
    if (!migration) throw new Error(`No session migration from version ${version}`);
    current = migration(current);
  }
  return current;
}

const epoch = () => new Date(0).toISOString();
