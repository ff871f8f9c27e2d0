/**
 * File names as git and the file system have them: bytes, not always UTF-8 (`bad\xff.txt`).
 * Inside the store a name is a "byte string", one character per byte (latin1), so it goes
 * back to git and to `fs` exactly as it came; decoding git's output as UTF-8 would turn
 * such a name into another one, which a rewind then silently skipped
 * (apps/cli/test/rewind-names.test.ts). Only what is shown is decoded.
 */
import path from "node:path";

/** A name as bytes, one character per byte. */
export type ByteName = string;

/** NUL-separated git output (`-z`) → its names. */
export function splitNames(bytes: Buffer): ByteName[] {
  return bytes
    .toString("latin1")
    .split("\0")
    .filter((name) => name !== "");
}

/** Names → git's `--stdin -z` input. */
export function nulInput(names: readonly ByteName[]): Buffer {
  return Buffer.from(`${names.join("\0")}\0`, "latin1");
}

/** The project path of `name`, for `fs` calls (any bytes). */
export function bytePath(project: string, name: ByteName): Buffer {
  return Buffer.from(path.join(asByteName(project), name), "latin1");
}

/** A JavaScript (UTF-16) string as the byte name of its UTF-8 encoding. */
export function asByteName(text: string): ByteName {
  return Buffer.from(text, "utf8").toString("latin1");
}

export interface ShownName {
  /** UTF-8, each byte that is not part of valid UTF-8 written `\xNN`. */
  path: string;
  /** The name's bytes (base64), only when they are not UTF-8: `path` cannot say them exactly. */
  pathBytes?: string;
}

const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** How `name` is shown and reported. */
export function shownName(name: ByteName): ShownName {
  const bytes = Buffer.from(name, "latin1");
  try {
    return { path: decoder.decode(bytes) };
  } catch {
    return { path: escapeInvalid(bytes), pathBytes: bytes.toString("base64") };
  }
}

/** The byte name a shown name stands for. */
export function byteNameOf(shown: ShownName): ByteName {
  return shown.pathBytes === undefined
    ? asByteName(shown.path)
    : Buffer.from(shown.pathBytes, "base64").toString("latin1");
}

/** Valid UTF-8 sequences as they are, every other byte as `\xNN`. */
function escapeInvalid(bytes: Buffer): string {
  let text = "";
  let at = 0;
  while (at < bytes.length) {
    const length = sequenceLength(bytes, at);
    if (length === 0) {
      text += `\\x${bytes[at]!.toString(16).padStart(2, "0")}`;
      at += 1;
    } else {
      text += bytes.subarray(at, at + length).toString("utf8");
      at += length;
    }
  }
  return text;
}

/** The length of the valid UTF-8 sequence starting at `at`; 0 when there is none. */
function sequenceLength(bytes: Buffer, at: number): number {
  for (const length of [1, 2, 3, 4]) {
    if (at + length > bytes.length) return 0;
    try {
      decoder.decode(bytes.subarray(at, at + length));
      return length;
    } catch {
      // Not a whole sequence of this length: try a longer one.
    }
  }
  return 0;
}
