import { readFileSync } from "node:fs";
import { findJsonErrorOffset } from "./json-error-offset.js";

export type JsonFileResult =
  | { ok: true; value: unknown }
  | { ok: false; missing: true }
  | { ok: false; missing: false; message: string };

/**
 * Reads and parses a JSON file. A missing file is not an error; a syntax error becomes
 * one line naming the file, the line and column, and what to do — V8 only reports a
 * character position, so it is converted here.
 */
export function readJsonFile(file: string): JsonFileResult {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return { ok: false, missing: true };
    return {
      ok: false,
      missing: false,
      message: `cannot read ${file}: ${(error as Error).message}`,
    };
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.trim() === "") return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    const located = findJsonErrorOffset(text);
    const offset = located?.offset ?? text.length;
    const { line, column } = lineAndColumn(text, offset);
    const found =
      offset < text.length ? `found ${JSON.stringify(text[offset])}` : "found the end of the file";
    const why = located ? `expected ${located.expected}, ${found}` : (error as Error).message;
    return {
      ok: false,
      missing: false,
      message: `invalid JSON in ${file} at line ${line}, column ${column}: ${why}`,
    };
  }
}

/** Line and column (1-based) of a character offset; past the end means the last real line. */
export function lineAndColumn(text: string, at: number): { line: number; column: number } {
  const offset = Math.min(at, Math.max(text.trimEnd().length, 0));
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}
