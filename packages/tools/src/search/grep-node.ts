/**
 * grep without ripgrep: the same results from a Node walk (.gitignore honoured, hidden
 * files searched, binaries skipped) and a JavaScript RegExp. Slower, so grep reports it
 * as `status: partial` with `data.fallback: "node"`.
 */
import { stat } from "node:fs/promises";
import path from "node:path";
import picomatch from "picomatch";
import { readFileChecked } from "../fs/opened-path.js";
import { AbortedError } from "../read/line-window.js";
import { looksBinary } from "../read/sniff.js";
import type { GrepLine, GrepRequest, GrepRun } from "./grep-types.js";
import { walk } from "./walk.js";

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
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
  try {
    const target = await stat(request.searchPath);
    let files: string[];
    if (target.isDirectory()) {
      const matchGlob = request.glob
        ? picomatch(request.glob, { dot: true, basename: true })
        : undefined;
      const entries = await walk(request.searchPath, {
        ignoreRoot: request.projectRoot,
        signal: request.signal,
      });
      files = entries
        .filter((entry) => !entry.isDirectory && (!matchGlob || matchGlob(entry.relative)))
        .map((entry) => entry.absolute);
    } else {
      files = [request.searchPath];
    }

    const lines: GrepLine[] = [];
    let matchCount = 0;
    let limitReached = false;
    for (const file of files) {
      if (request.signal?.aborted) throw new AbortedError();
      let bytes: Buffer;
      try {
        // The walk's paths are real (it does not enter linked folders): open exactly them.
        bytes = await readFileChecked(file);
      } catch {
        // Unreadable file: skipped, as rg does. So is a symbolic link (rg does not
        // follow them either) — a link in the project to ~/.ssh/id_rsa must not be read.
        continue;
      }
      if (looksBinary(bytes)) continue;
      const fileLines = bytes.toString("utf8").split(/\r?\n/);
      if (fileLines[fileLines.length - 1] === "") fileLines.pop();
      const shown = new Map<number, "match" | "context">();
      for (let index = 0; index < fileLines.length; index++) {
        if (!regex.test(fileLines[index]!)) continue;
        if (matchCount >= request.limit) {
          limitReached = true;
          break;
        }
        matchCount++;
        shown.set(index, "match");
        const from = Math.max(0, index - request.context);
        const to = Math.min(fileLines.length - 1, index + request.context);
        for (let near = from; near <= to; near++) if (!shown.has(near)) shown.set(near, "context");
      }
      const ordered = [...shown.entries()].sort((a, b) => a[0] - b[0]);
      for (const [index, kind] of ordered) {
        lines.push({ file: path.resolve(file), line: index + 1, text: fileLines[index]!, kind });
      }
      if (limitReached) break;
    }
    return { ok: true, lines, matchCount, limitReached, warnings: [] };
  } catch (error) {
    if (error instanceof AbortedError)
      return { ok: false, kind: "aborted", message: "Operation aborted" };
    return { ok: false, kind: "failed", message: (error as Error).message };
  }
}
