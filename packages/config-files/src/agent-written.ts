/**
 * The configuration files the agent's own tools changed without the user's yes, kept
 * across sessions (apps/cli/test/config-self-edit.test.ts "planted at the next start").
 * Within a session the config-write guard refuses to reload them
 * (@gong/policy confirm-config-write.ts); a file recorded here is not loaded at the next start
 * either, while its content is still what the agent left: a hook, MCP server or
 * permission the agent wrote unasked never runs unsandboxed later. The user accepts such
 * a file by editing it or by running `gong --trust` in the project (trust.ts).
 *
 * The record is `$GONG_HOME/agent-written.json`: absolute path → the content's SHA-256
 * (for a hooks folder, over its entries' names and contents), the tool and when. One
 * that cannot be read counts as naming every file it could name (fail closed).
 */
import { createHash } from "node:crypto";
import {
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { isPathWithin } from "@gong/base";

export interface AgentWrite {
  /** SHA-256 of the content the agent left. */
  fingerprint: string;
  /** The tool whose call changed it (`bash`, `write`, …). */
  tool: string;
  /** ISO time of the change. */
  at: string;
}

type WriteRecord = { [file: string]: AgentWrite };
type ReadRecord = { ok: true; record: WriteRecord } | { ok: false; message: string };

function recordPath(gongHome: string): string {
  return path.join(gongHome, "agent-written.json");
}

/**
 * The content's SHA-256, or undefined for a missing file. A folder (hook modules) hashes
 * its entries' names and contents, one level deep.
 */
export function contentFingerprint(file: string): string | undefined {
  try {
    const hash = createHash("sha256");
    if (statSync(file).isDirectory()) {
      for (const entry of readdirSync(file).sort()) {
        hash.update(`${entry}\0${contentFingerprint(path.join(file, entry)) ?? ""}\0`);
      }
    } else {
      hash.update(readFileSync(file));
    }
    return hash.digest("hex");
  } catch {
    return undefined;
  }
}

/**
 * Where the record keeps `file`: its folder's real path, so the same file reached through
 * a symbolic link (the project opened by another path) is still recognised.
 */
function recordKey(file: string): string {
  const absolute = path.resolve(file);
  try {
    return path.join(realpathSync(path.dirname(absolute)), path.basename(absolute));
  } catch {
    return absolute;
  }
}

function readRecord(gongHome: string): ReadRecord {
  let text: string;
  try {
    text = readFileSync(recordPath(gongHome), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { ok: true, record: {} };
    return { ok: false, message: (error as Error).message };
  }
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      return { ok: false, message: "not a JSON object" };
    }
    return { ok: true, record: value as WriteRecord };
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
}

function writeRecord(gongHome: string, record: WriteRecord): void {
  const file = recordPath(gongHome);
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(record, null, 2)}\n`, { mode: 0o600 });
  renameSync(temporary, file);
}

/**
 * Remembers that the agent's `tool` call left `files` as they are now. Throws when the
 * record cannot be written: the caller reports it (the session then refuses the files
 * itself, but the next start would not know).
 */
export function recordAgentWrites(gongHome: string, files: readonly string[], tool: string): void {
  const read = readRecord(gongHome);
  const record = read.ok ? read.record : {};
  const at = new Date().toISOString();
  for (const file of files) {
    const fingerprint = contentFingerprint(file);
    if (fingerprint === undefined) delete record[recordKey(file)];
    else record[recordKey(file)] = { fingerprint, tool, at };
  }
  writeRecord(gongHome, record);
}

/** Forgets `files`: the user confirmed the change that wrote them. */
export function forgetAgentWrites(gongHome: string, files: readonly string[]): void {
  const read = readRecord(gongHome);
  const keys = files.map(recordKey);
  if (!read.ok || !keys.some((key) => key in read.record)) return;
  for (const key of keys) delete read.record[key];
  writeRecord(gongHome, read.record);
}

/**
 * Accepts every recorded file under `folder` or in the gong home (`gong --trust`);
 * returns them. A record that cannot be read is replaced by an empty one.
 */
export function acceptAgentWrites(gongHome: string, folder: string): string[] {
  const read = readRecord(gongHome);
  const record = read.ok ? read.record : {};
  const roots = [folder, gongHome].flatMap((root) => [path.resolve(root), recordKey(root)]);
  const accepted = Object.keys(record).filter((file) =>
    roots.some((root) => isPathWithin(root, file)),
  );
  if (accepted.length === 0 && read.ok) return [];
  for (const file of accepted) delete record[file];
  writeRecord(gongHome, record);
  return accepted;
}

/**
 * Of `files`, those still as the agent left them unasked, each with the one warning that
 * says so; all of them when the record cannot be read.
 */
export function refusedAgentWrites(
  gongHome: string,
  files: readonly string[],
  cwd: string,
): { file: string; warning: string }[] {
  const read = readRecord(gongHome);
  const accept = `review it, then run gong --trust in ${cwd} to accept it (or edit it yourself)`;
  if (!read.ok) {
    return files
      .filter((file) => contentFingerprint(file) !== undefined)
      .map((file) => ({
        file,
        warning: `${file} not loaded: ${recordPath(gongHome)} (the record of what the agent changed unasked) cannot be read (${read.message}); fix or delete that record, or ${accept}`,
      }));
  }
  return files.flatMap((file) => {
    const write = read.record[recordKey(file)];
    if (!write || contentFingerprint(file) !== write.fingerprint) return [];
    return [
      {
        file,
        warning: `${file} not loaded: the agent's ${write.tool} call wrote it without your confirmation (${write.at}); ${accept}`,
      },
    ];
  });
}
