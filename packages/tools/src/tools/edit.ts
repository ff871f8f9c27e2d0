/**
 * edit — the 10-step pipeline of seed 002 §A: resolve, check, read, split BOM, detect
 * line endings, normalise to LF, match (exact → fuzzy), check uniqueness in the fuzzy
 * space, replace and restore endings and BOM, write atomically, diff.
 */
import { isUtf8 } from "node:buffer";
import { constants } from "node:fs";
import { formatSize, type ToolResponse } from "@gong/truncate";
import { Type } from "@sinclair/typebox";
import { aborted, failure, success } from "../core/envelope.js";
import type { ToolEnvironment } from "../core/environment.js";
import { effectiveOutputLevel } from "../core/output-level.js";
import { defineTool } from "../core/run-tool.js";
import { OutputLevelParam } from "../core/schema.js";
import { diffAroundSpans } from "../edit/diff.js";
import { splitText, toBodyIndex, toLf, withEnding } from "../edit/line-endings.js";
import {
  type EditSpan,
  findSpan,
  isFailure,
  type MatchFailure,
  MatchSpace,
} from "../edit/match.js";
import { basenameOf, fileSystemFailure } from "../fs/errors.js";
import { requireNotSpecial } from "../fs/file-kind.js";
import { changedSince, snapshotOf } from "../fs/read-tracker.js";
import { resolveExisting } from "../path/policy.js";
import { looksBinary } from "../read/sniff.js";

/**
 * Largest file edit loads: the file is held as bytes, text, LF text and the new text at
 * once, and V8 strings end at ~512 MB (`Cannot create a string longer than
 * 0x1fffffe8`). Past it the model is told to use a stream editor instead.
 */
export const EDIT_MAX_BYTES = 256 * 1024 * 1024;

function tooBigToEdit(display: string, size: number): ToolResponse {
  return failure(
    "INVALID_PARAM",
    `${display} is ${formatSize(size)}; edit handles files up to ${formatSize(EDIT_MAX_BYTES)}. Nothing was changed.`,
    {
      pathResolved: display,
      data: { applied: false, size, max_bytes: EDIT_MAX_BYTES },
      next: [
        `grep(pattern="<text to change>", path="${display}") to find the line, then bash(command="sed -i '<line>s/old/new/' ${display}").`,
      ],
    },
  );
}

const EditItem = Type.Object({
  oldText: Type.String({ description: "Exact text to replace (must occur once in the file)." }),
  newText: Type.String({ description: "Replacement text." }),
});

const editParameters = Type.Object({
  path: Type.String({ description: "Path of the file to edit." }),
  oldText: Type.Optional(
    Type.String({ description: "Exact text to replace; must be unique in the file." }),
  ),
  newText: Type.Optional(Type.String({ description: "Replacement for oldText." })),
  edits: Type.Optional(
    Type.Array(EditItem, {
      description:
        "Several replacements applied together (all or nothing), each matched against the original file.",
    }),
  ),
  output_level: OutputLevelParam,
});

interface EditRequest {
  oldText: string;
  newText: string;
}

function readRequests(params: {
  oldText?: string;
  newText?: string;
  edits?: EditRequest[];
}): EditRequest[] | string {
  const single = params.oldText !== undefined || params.newText !== undefined;
  if (single && params.edits !== undefined)
    return "Pass either oldText/newText or edits, not both.";
  if (single) {
    if (params.oldText === undefined || params.newText === undefined)
      return "oldText and newText go together: pass both.";
    return [{ oldText: params.oldText, newText: params.newText }];
  }
  if (params.edits === undefined)
    return "Nothing to do: pass oldText and newText (or edits: [{oldText, newText}]).";
  if (params.edits.length === 0) return "edits is empty: pass at least one {oldText, newText}.";
  return params.edits;
}

function describeEdit(index: number, total: number): string {
  return total > 1 ? ` (edits[${index}])` : "";
}

function matchFailureResponse(
  failureInfo: MatchFailure,
  display: string,
  total: number,
  pathResolved: string,
): ToolResponse {
  const which = describeEdit(failureInfo.index, total);
  if (failureInfo.kind === "not_found") {
    return failure(
      "NO_MATCH",
      `Could not find the exact text in ${display}${which}. The old text must match exactly including all whitespace and newlines.`,
      {
        pathResolved,
        data: { applied: false, edit_index: failureInfo.index },
        next: [
          `read(path="${display}") to copy the current text exactly.`,
          `grep(pattern="<a distinctive word from oldText>", path="${display}") to locate it.`,
        ],
      },
    );
  }
  const lines = failureInfo.lines.join(", ");
  return failure(
    "AMBIGUOUS_MATCH",
    `Found ${failureInfo.count} occurrences of the text in ${display}${which}. The text must be unique. Please provide more context to make it unique. Candidates at lines ${lines}.`,
    {
      pathResolved,
      data: {
        applied: false,
        edit_index: failureInfo.index,
        occurrences: failureInfo.count,
        candidate_lines: failureInfo.lines,
      },
      next: [
        `read(path="${display}", offset=${Math.max(1, (failureInfo.lines[0] ?? 1) - 3)}, limit=10) and add surrounding lines to oldText.`,
      ],
    },
  );
}

export function createEditTool(env: ToolEnvironment) {
  return defineTool({
    name: "edit",
    label: "Edit",
    description:
      "Edit a file by replacing exact text. oldText must match the file exactly (whitespace and newlines included) and occur exactly once; " +
      "include enough surrounding lines to make it unique. For several changes in one file pass edits: [{oldText, newText}, ...] — " +
      "all are matched against the original file and applied together or not at all. Small differences in trailing spaces, quotes, " +
      "dashes and Unicode spaces are tolerated (only the matched text is changed). Line endings and a BOM are preserved.",
    parameters: editParameters,
    async execute(params, context) {
      const requests = readRequests(params);
      if (typeof requests === "string") {
        return failure("INVALID_PARAM", requests, {
          next: ['edit(path="…", oldText="…", newText="…")'],
        });
      }
      const emptyIndex = requests.findIndex((request) => request.oldText.length === 0);
      if (emptyIndex !== -1) {
        return failure(
          "INVALID_PARAM",
          `oldText${describeEdit(emptyIndex, requests.length)} is empty: edit replaces existing text.`,
          {
            next: ['write(path="…", content="…") to fill an empty or new file.'],
          },
        );
      }

      // ① resolve (the policy expands ~, strips @, normalises spaces, checks roots)
      const resolved = await resolveExisting(env.policy, params.path, context.cwd, {
        noun: "File",
        next: (display) => [
          `find(pattern="**/${basenameOf(display)}") to locate it, or write(path="${display}", content=...) to create it.`,
        ],
      });
      if (!resolved.ok) return resolved.response;
      const { display, real } = resolved;
      const extras = { pathResolved: display };

      return env.tracker.withFileLock(real, async () => {
        // ② ③ existence, kind, permissions, bytes
        let bytes: Buffer;
        let stats: Awaited<ReturnType<typeof env.fs.stat>>;
        try {
          stats = await env.fs.stat(real);
          if (stats.isDirectory()) {
            return failure("IS_DIRECTORY", `Is a directory: ${display}. edit works on files.`, {
              ...extras,
              next: [`ls(path="${display}") to list it.`],
            });
          }
          requireNotSpecial(stats, real);
          if (stats.size > EDIT_MAX_BYTES) return tooBigToEdit(display, stats.size);
          await env.fs.access(real, constants.R_OK | constants.W_OK);
          bytes = await env.fs.readFile(real);
        } catch (error) {
          return fileSystemFailure(error, "edit", display, display);
        }
        if (looksBinary(bytes) || !isUtf8(bytes)) {
          return failure(
            "BINARY_FILE",
            `${display} is a binary (or not UTF-8) file; edit only changes text files. Nothing was changed.`,
            {
              ...extras,
              next: [
                `bash(command="file ${display}") to see what it is; change it with the program that made it.`,
                `write(path="${display}", content=...) if it should become a text file.`,
              ],
            },
          );
        }
        const text = bytes.toString("utf8");
        const seen = env.tracker.get(real);
        if (seen && changedSince(seen, { bytes, size: stats.size, mtimeMs: stats.mtimeMs })) {
          return failure(
            "CONFLICT",
            `${display} has changed on disk since you last read it. Nothing was changed.`,
            {
              ...extras,
              data: { applied: false },
              next: [`read(path="${display}") to see the current content, then edit again.`],
            },
          );
        }
        if (context.signal?.aborted) return aborted(extras);

        // ④ ⑤ ⑥ BOM, line endings, LF
        const split = splitText(text);
        const space = new MatchSpace(split.lf);

        // ⑦ ⑧ match each edit against the original, unique in the fuzzy space
        const spans: EditSpan[] = [];
        for (const [index, request] of requests.entries()) {
          const found = findSpan(space, index, toLf(request.oldText), toLf(request.newText));
          if (isFailure(found))
            return matchFailureResponse(found, display, requests.length, display);
          spans.push(found);
        }
        spans.sort((a, b) => a.start - b.start);
        for (let i = 1; i < spans.length; i++) {
          const previous = spans[i - 1]!;
          const current = spans[i]!;
          if (current.start < previous.end) {
            return failure(
              "INVALID_PARAM",
              `edits[${previous.index}] and edits[${current.index}] overlap in ${display}. Nothing was changed.`,
              {
                ...extras,
                data: { applied: false },
                next: ["Merge the overlapping edits into one, or make their oldText not overlap."],
              },
            );
          }
        }

        // ⑨ replace in the original body, restore ending and BOM
        let newBody = "";
        let newLf = "";
        let bodyCursor = 0;
        let lfCursor = 0;
        for (const span of spans) {
          const bodyStart = toBodyIndex(split, span.start);
          const bodyEnd = toBodyIndex(split, span.end);
          newBody +=
            split.body.slice(bodyCursor, bodyStart) + withEnding(span.newText, split.ending);
          newLf += split.lf.slice(lfCursor, span.start) + span.newText;
          bodyCursor = bodyEnd;
          lfCursor = span.end;
        }
        newBody += split.body.slice(bodyCursor);
        newLf += split.lf.slice(lfCursor);
        if (newBody === split.body) {
          return failure(
            "NO_CHANGE",
            `No changes made to ${display}. The replacement produced identical content.`,
            {
              ...extras,
              data: { applied: false },
              next: ["Check that newText differs from oldText."],
            },
          );
        }
        if (context.signal?.aborted) return aborted(extras);
        const output = Buffer.from(split.bom + newBody, "utf8");
        try {
          await env.fs.writeFileAtomic(real, output);
          const after = await env.fs.stat(real);
          env.tracker.record(real, snapshotOf(output, after));
        } catch (error) {
          return fileSystemFailure(error, "write", display, display);
        }

        // ⑩ diff
        const first = spans[0]!;
        const last = spans[spans.length - 1]!;
        const diff = diffAroundSpans(display, split.lf, newLf, first.start, last.end);
        const fuzzy = spans.filter((span) => span.strategy === "fuzzy");
        const match = fuzzy.length > 0 ? "fuzzy" : "exact";
        const what = spans.length > 1 ? `${spans.length} blocks` : "text";
        const how =
          fuzzy.length > 0
            ? ` Matched with fuzzy matching (trailing whitespace, quotes, dashes or Unicode spaces differed${spans.length > 1 ? ` in edits ${fuzzy.map((s) => s.index).join(", ")}` : ""}); only the matched text was changed.`
            : "";
        // brief: the outcome only; the diff stays in data.diff for UIs.
        const brief = effectiveOutputLevel(params.output_level, context) === "brief";
        const textOut = `Successfully replaced ${what} in ${display}.${how}${brief ? "" : `\n\n${diff.diff}`}`;
        return success(
          {
            applied: true,
            diff: diff.diff,
            first_changed_line: diff.firstChangedLine,
            match,
            matches: spans.map((span) => ({ edit_index: span.index, match: span.strategy })),
            replacements: spans.length,
          },
          textOut,
          {
            ...extras,
            stats: {
              replacements: spans.length,
              lines_added: diff.added,
              lines_removed: diff.removed,
            },
          },
        );
      });
    },
  });
}
