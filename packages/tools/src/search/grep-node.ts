/**
 * grep without ripgrep: the same results from a Node walk (.gitignore honoured, hidden
 * files searched, binaries skipped) and a JavaScript RegExp. Slower, so grep reports it
 * as `status: partial` with `data.fallback: "node"`.
 *
 * Memory stays bounded: the walk is streamed and stops at the match limit, files are
 * read in chunks and lines cut at NODE_GREP_MAX_LINE_BYTES (a longer line is searched
 * in its first part only, and the result says so), so neither a 500 000-file tree nor
 * a 1 GB file is ever held whole.
 */

import { stat } from "node:fs/promises";
import path from "node:path";
import picomatch from "picomatch";
import { localFileOperations } from "../fs/operations.js";
import { AbortedError } from "../read/line-window.js";
import { looksBinary } from "../read/sniff.js";
import { cappedLines } from "./capped-lines.js";
import { SEARCH_ABORTED } from "./engine.js";
import type { GrepLine, GrepRequest, GrepRun } from "./grep-types.js";
import { walk } from "./walk.js";

/** Longest line the fallback searches whole; rg has no such cap. */
export const NODE_GREP_MAX_LINE_BYTES = 1024 * 1024;
const CHUNK_BYTES = 1024 * 1024;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The file's chunks, or none at all when the first one marks it as binary. */
async function* textChunks(file: string, signal?: AbortSignal): AsyncGenerator<Buffer> {
  let first = true;
  for await (const chunk of localFileOperations.readChunks(file, CHUNK_BYTES)) {
    if (signal?.aborted) throw new AbortedError();
    if (first && looksBinary(chunk)) return;
    first = false;
    yield chunk;
  }
}

async function* filesToSearch(request: GrepRequest): AsyncGenerator<string> {
  if (!(await stat(request.searchPath)).isDirectory()) {
    yield request.searchPath;
    return;
  }
  const matchGlob = request.glob
    ? picomatch(request.glob, { dot: true, basename: true })
    : undefined;
  // Only regular files: a FIFO in the tree would block the read (rg skips them too).
  for await (const entry of walk(request.searchPath, {
    ignoreRoot: request.projectRoot,
    signal: request.signal,
  })) {
    if (entry.isFile && (!matchGlob || matchGlob(entry.relative))) yield entry.absolute;
  }
}

export async function grepWithNode(request: GrepRequest): Promise<GrepRun> {
  let regex: RegExp;
  try {
    regex = new RegExp(
      request.literal ? escapeRegExp(request.pattern) : request.pattern,
      request.ignoreCase ? "i" : "",
    );
  } catch (error) {
    return { ok: false, kind: "invalid_pattern", message: (error as Error).message };
  }
  const lines: GrepLine[] = [];
  let matchCount = 0;
  let limitReached = false;
  let longLines = false;
  try {
    for await (const file of filesToSearch(request)) {
      if (request.signal?.aborted) throw new AbortedError();
      const absolute = path.resolve(file);
      // Lines before the next match that may be its context, and how many lines after
      // the last match are still context.
      const before: GrepLine[] = [];
      let after = 0;
      let number = 0;
      try {
        // The walk's paths are real (it does not enter linked folders): open exactly
        // them. A symbolic link fails the open and is skipped — rg does not follow them
        // either, and a link to ~/.ssh/id_rsa must not be read.
        for await (const { text, cut } of cappedLines(
          textChunks(file, request.signal),
          NODE_GREP_MAX_LINE_BYTES,
        )) {
          number++;
          if (cut) longLines = true;
          const line: GrepLine = { file: absolute, line: number, text, kind: "context" };
          if (regex.test(text)) {
            if (matchCount >= request.limit) {
              limitReached = true;
              break;
            }
            matchCount++;
            lines.push(...before.splice(0), { ...line, kind: "match" });
            after = request.context;
          } else if (after > 0) {
            lines.push(line);
            after--;
          } else if (request.context > 0) {
            before.push(line);
            if (before.length > request.context) before.shift();
          }
        }
      } catch (error) {
        if (error instanceof AbortedError) throw error;
        // Unreadable file: skipped, as rg does.
      }
      if (limitReached) break;
    }
  } catch (error) {
    if (error instanceof AbortedError) return SEARCH_ABORTED;
    return { ok: false, kind: "failed", message: (error as Error).message };
  }
  const warnings = longLines
    ? [
        `lines longer than ${NODE_GREP_MAX_LINE_BYTES / 1024 / 1024} MB were searched in their first MB only; install ripgrep to search them whole`,
      ]
    : [];
  return { ok: true, lines, matchCount, limitReached, warnings };
}
