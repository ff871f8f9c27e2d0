/**
 * edit as a pipeline (test/edit.test.ts): check the request, resolve the path, read the file
 * (refusing what edit must not touch), match every edit against the original text
 * (exact first, then fuzzy), apply them together, write atomically, report the diff.
 * Each step returns its value or the envelope that ends the call.
 */
import { isUtf8 } from "node:buffer";
import { constants } from "node:fs";
import type { ToolResponse } from "@gong/base";
import { formatSize } from "@gong/truncate";
import { Type } from "@sinclair/typebox";
import { aborted, failure, success } from "../core/envelope.js";
import { effectiveOutputLevel } from "../core/output-level.js";
import { defineTool } from "../core/run-tool.js";
import { OutputLevelParam } from "../core/schema.js";
import { type Step, stop } from "../core/step.js";
import { type AppliedEdits, applySpans, orderSpans } from "../edit/apply.js";
import { diffAroundSpans } from "../edit/diff.js";
import {
  changedOnDisk,
  describeEdit,
  matchFailureResponse,
  noChange,
  notText,
  overlappingEdits,
} from "../edit/failures.js";
import { type SplitText, splitText, toLf } from "../edit/line-endings.js";
import { type EditSpan, findSpan, isFailure, MatchSpace } from "../edit/match.js";
import type { ToolEnvironment } from "../environment.js";
import { basenameOf, fileSystemFailure } from "../fs/errors.js";
import { requireNotSpecial } from "../fs/file-kind.js";
import { changedSince, snapshotOf } from "../fs/read-tracker.js";
import { resolveExisting } from "../path/policy.js";
import { looksBinary } from "../read/sniff.js";
import { TOOL_SUMMARIES } from "../summary/tool-summary.js";

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

function requestsOf(params: {
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

function validateRequests(params: Parameters<typeof requestsOf>[0]): Step<{
  requests: EditRequest[];
}> {
  const requests = requestsOf(params);
  if (typeof requests === "string") {
    return stop(
      failure("INVALID_PARAM", requests, { next: ['edit(path="…", oldText="…", newText="…")'] }),
    );
  }
  // An empty oldText would match everywhere; filling a file is write's job.
  const emptyIndex = requests.findIndex((request) => request.oldText.length === 0);
  if (emptyIndex !== -1) {
    return stop(
      failure(
        "INVALID_PARAM",
        `oldText${describeEdit(emptyIndex, requests.length)} is empty: edit replaces existing text.`,
        { next: ['write(path="…", content="…") to fill an empty or new file.'] },
      ),
    );
  }
  return { ok: true, requests };
}

type FileStats = Awaited<ReturnType<ToolEnvironment["fs"]["stat"]>>;

interface EditableFile {
  split: SplitText;
}

/**
 * Reads the file if edit may change it: a regular file (a FIFO would block the read
 * forever), small enough to hold four times over, readable and writable, UTF-8 text, and
 * unchanged since the model last read it — an edit planned on stale content would
 * silently undo someone else's change (CONFLICT).
 */
async function readEditableFile(
  env: ToolEnvironment,
  real: string,
  display: string,
): Promise<Step<EditableFile>> {
  let bytes: Buffer;
  let stats: FileStats;
  try {
    stats = await env.fs.stat(real);
    if (stats.isDirectory()) {
      return stop(
        failure("IS_DIRECTORY", `Is a directory: ${display}. edit works on files.`, {
          pathResolved: display,
          next: [`ls(path="${display}") to list it.`],
        }),
      );
    }
    requireNotSpecial(stats, real);
    if (stats.size > EDIT_MAX_BYTES) return stop(tooBigToEdit(display, stats.size));
    await env.fs.access(real, constants.R_OK | constants.W_OK);
    bytes = await env.fs.readFile(real);
  } catch (error) {
    return stop(fileSystemFailure(error, "edit", display, display));
  }
  if (looksBinary(bytes) || !isUtf8(bytes)) return stop(notText(display));
  const seen = env.tracker.get(real);
  if (seen && changedSince(seen, { bytes, size: stats.size, mtimeMs: stats.mtimeMs })) {
    return stop(changedOnDisk(display));
  }
  return { ok: true, split: splitText(bytes.toString("utf8")) };
}

/**
 * Matches every edit against the original LF text — not against the text the previous
 * edit produced, so the model's view of the file is what counts — and in file order.
 */
function matchEdits(
  split: SplitText,
  requests: readonly EditRequest[],
  display: string,
): Step<{ spans: EditSpan[] }> {
  const space = new MatchSpace(split.lf);
  const found: EditSpan[] = [];
  for (const [index, request] of requests.entries()) {
    const span = findSpan(space, index, toLf(request.oldText), toLf(request.newText));
    if (isFailure(span)) {
      return stop(matchFailureResponse(span, display, requests.length));
    }
    found.push(span);
  }
  const ordered = orderSpans(found);
  if (ordered.ok) return { ok: true, spans: ordered.spans };
  return stop(overlappingEdits(ordered.previous, ordered.current, display));
}

/**
 * Writes atomically (a crash leaves the old file or the new one, never half of each)
 * and records what was written, so the next edit needs no fresh read.
 */
async function writeEdited(
  env: ToolEnvironment,
  real: string,
  display: string,
  output: Buffer,
): Promise<ToolResponse | undefined> {
  try {
    await env.fs.writeFileAtomic(real, output);
    env.tracker.record(real, snapshotOf(output, await env.fs.stat(real)));
    return undefined;
  } catch (error) {
    return fileSystemFailure(error, "write", display, display);
  }
}

function editedEnvelope(
  display: string,
  split: SplitText,
  applied: AppliedEdits,
  spans: readonly EditSpan[],
  brief: boolean,
): ToolResponse {
  const first = spans[0]!;
  const last = spans[spans.length - 1]!;
  const diff = diffAroundSpans(display, split.lf, applied.lf, first.start, last.end);
  const fuzzy = spans.filter((span) => span.strategy === "fuzzy");
  const what = spans.length > 1 ? `${spans.length} blocks` : "text";
  const how =
    fuzzy.length > 0
      ? ` Matched with fuzzy matching (trailing whitespace, quotes, dashes or Unicode spaces differed${spans.length > 1 ? ` in edits ${fuzzy.map((s) => s.index).join(", ")}` : ""}); only the matched text was changed.`
      : "";
  // brief: the outcome only; the diff stays in data.diff for UIs.
  const text = `Successfully replaced ${what} in ${display}.${how}${brief ? "" : `\n\n${diff.diff}`}`;
  return success(
    {
      applied: true,
      diff: diff.diff,
      first_changed_line: diff.firstChangedLine,
      match: fuzzy.length > 0 ? "fuzzy" : "exact",
      matches: spans.map((span) => ({ edit_index: span.index, match: span.strategy })),
      replacements: spans.length,
    },
    text,
    {
      pathResolved: display,
      stats: {
        replacements: spans.length,
        lines_added: diff.added,
        lines_removed: diff.removed,
      },
    },
  );
}

export function createEditTool(env: ToolEnvironment) {
  return defineTool({
    name: "edit",
    summary: TOOL_SUMMARIES.edit,
    label: "Edit",
    description:
      "Edit a file by replacing exact text. oldText must match the file exactly (whitespace and newlines included) and occur exactly once; " +
      "include enough surrounding lines to make it unique. For several changes in one file pass edits: [{oldText, newText}, ...]; " +
      "all are matched against the original file and applied together or not at all. Small differences in trailing spaces, quotes, " +
      "dashes and Unicode spaces are tolerated (only the matched text is changed). Line endings and a BOM are preserved.",
    parameters: editParameters,
    async execute(params, context) {
      const valid = validateRequests(params);
      if (!valid.ok) return valid.response;
      // The policy expands ~, strips @, normalises spaces and keeps the path inside the roots.
      const resolved = await resolveExisting(env.policy, params.path, context.cwd, {
        noun: "File",
        next: (display) => [
          `find(pattern="**/${basenameOf(display)}") to locate it, or write(path="${display}", content=...) to create it.`,
        ],
      });
      if (!resolved.ok) return resolved.response;
      const { display, real } = resolved;

      return env.tracker.withFileLock(real, async () => {
        const file = await readEditableFile(env, real, display);
        if (!file.ok) return file.response;
        if (context.signal?.aborted) return aborted({ pathResolved: display });
        const matched = matchEdits(file.split, valid.requests, display);
        if (!matched.ok) return matched.response;
        const applied = applySpans(file.split, matched.spans);
        if (applied.body === file.split.body) return noChange(display);
        if (context.signal?.aborted) return aborted({ pathResolved: display });
        const output = Buffer.from(file.split.bom + applied.body, "utf8");
        const writeFailed = await writeEdited(env, real, display, output);
        if (writeFailed) return writeFailed;
        const brief = effectiveOutputLevel(params.output_level, context) === "brief";
        return editedEnvelope(display, file.split, applied, matched.spans, brief);
      });
    },
  });
}
