/**
 * Bytes of a session file → raw JSON records, recovering from what a crash or a bad
 * disk leaves behind: a torn last line (the process died mid-write) is ignored and its
 * byte offset returned so a writer can cut it off; a corrupt line in the middle is
 * skipped with a warning. Nothing here throws on bad data.
 */
import { isRecord } from "@gong/base";
import type { SessionWarning } from "./errors.js";

export interface RawRecord {
  /** 1-based line number in the file. */
  line: number;
  value: Record<string, unknown>;
}

export interface ParsedLines {
  records: RawRecord[];
  warnings: SessionWarning[];
  /** Bytes worth keeping: a writer truncates the file to this length before appending. */
  validLength: number;
  /** The last line is complete JSON but its newline never reached the disk. */
  missingFinalNewline: boolean;
}

const NEWLINE = 0x0a;

/** `text` as a JSON object, or undefined when it is not JSON or not an object. */
export function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    if (isRecord(value)) return value;
  } catch {
    // Not JSON: the caller reports it as corrupt or torn.
  }
  return undefined;
}

export function parseSessionLines(bytes: Buffer, path?: string): ParsedLines {
  const records: RawRecord[] = [];
  const warnings: SessionWarning[] = [];
  const lastNewline = bytes.lastIndexOf(NEWLINE);
  const completeEnd = lastNewline + 1;

  // One decode of the complete part, then split: much faster than decoding per line.
  const text = bytes.toString("utf8", 0, completeEnd);
  let lineNumber = 0;
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf("\n", start);
    if (end === -1) end = text.length;
    lineNumber++;
    const lineText = text.slice(start, end);
    start = end + 1;
    if (lineText.trim() === "") continue;
    const value = parseObject(lineText);
    if (value === undefined) {
      warnings.push({
        kind: "corrupt_line",
        message: `Skipped line ${lineNumber}: it is not a valid JSON object (${preview(lineText)}). The rest of the session was loaded.`,
        line: lineNumber,
        ...(path ? { path } : {}),
      });
      continue;
    }
    records.push({ line: lineNumber, value });
  }

  let validLength = completeEnd;
  let missingFinalNewline = false;
  if (completeEnd < bytes.length) {
    const tailText = bytes.toString("utf8", completeEnd);
    const value = tailText.trim() === "" ? undefined : parseObject(tailText);
    lineNumber++;
    if (value !== undefined) {
      // The whole line was written, only the newline is missing: keep it.
      records.push({ line: lineNumber, value });
      validLength = bytes.length;
      missingFinalNewline = true;
    } else if (tailText.trim() !== "") {
      warnings.push({
        kind: "torn_tail",
        message: `Ignored an incomplete last line (${bytes.length - completeEnd} bytes), left by an interrupted write. Nothing that finished writing was lost.`,
        line: lineNumber,
        ...(path ? { path } : {}),
      });
    }
  }
  return { records, warnings, validLength, missingFinalNewline };
}

function preview(text: string): string {
  const short = text.length > 60 ? `${text.slice(0, 60)}…` : text;
  return JSON.stringify(short);
}
