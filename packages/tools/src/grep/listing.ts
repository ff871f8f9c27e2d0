import { DEFAULT_MAX_LINE_CHARS, truncateLine } from "@gong/truncate";
import { listedName } from "../core/listed-name.js";
import type { GrepLine } from "../search/grep-types.js";

export interface GrepMatch {
  file: string;
  line: number;
  text: string;
}

/** The engine's lines as the model reads them, and the matches as data. */
export interface GrepListing {
  /** `file:line: text` for a match, `file-line- text` for context, `--` between groups. */
  outputLines: string[];
  matches: GrepMatch[];
  /** Some line was cut to DEFAULT_MAX_LINE_CHARS. */
  linesCut: boolean;
}

/**
 * Lists the engine's lines under the names the model gave: `toDisplay` maps an absolute
 * path to the project-relative one read and edit take.
 */
export function listGrepLines(
  lines: readonly GrepLine[],
  contextLines: number,
  toDisplay: (file: string) => string,
): GrepListing {
  let linesCut = false;
  const outputLines: string[] = [];
  const matches: GrepMatch[] = [];
  let previous: { file: string; line: number } | undefined;
  // A file's lines come one after another: its name is worked out once for them all.
  let named: { real: string; file: string; listed: string } | undefined;
  for (const line of lines) {
    if (named?.real !== line.file) {
      const shown = toDisplay(line.file);
      named = { real: line.file, file: shown, listed: listedName(shown) };
    }
    const { file, listed } = named;
    if (contextLines > 0 && previous && (previous.file !== file || line.line > previous.line + 1)) {
      outputLines.push("--");
    }
    const cut = truncateLine(line.text, DEFAULT_MAX_LINE_CHARS);
    if (cut.truncated) linesCut = true;
    if (line.kind === "match") {
      matches.push({ file, line: line.line, text: cut.content });
      outputLines.push(`${listed}:${line.line}: ${cut.content}`);
    } else {
      outputLines.push(`${listed}-${line.line}- ${cut.content}`);
    }
    previous = { file, line: line.line };
  }
  return { outputLines, matches, linesCut };
}

/** brief output: one line per file with its match count. */
export function matchesPerFile(matches: readonly GrepMatch[]): string[] {
  const perFile = new Map<string, number>();
  for (const match of matches) perFile.set(match.file, (perFile.get(match.file) ?? 0) + 1);
  return [...perFile].map(([file, count]) => `${listedName(file)}: ${count}`);
}
