/** A 1-based line and column in a configuration file, for `file:line:column` messages. */
export interface ConfigPosition {
  line: number;
  column: number;
}

/** Line and column of a character offset; past the end means the last real line. */
export function positionAt(text: string, at: number): ConfigPosition {
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
