import path from "node:path";
import type { ToolResponse } from "@gong/base";
import { formatSize } from "../format-size.js";
import { prefixEndWithinBytes, utf8LengthOf } from "../measure.js";
import { subagentSpillStep } from "../notices.js";
import type { TruncationResult } from "../result.js";
import { truncateHead } from "../truncate-head.js";
import { truncateTail } from "../truncate-tail.js";
import { cleanupExpired } from "./cleanup.js";
import type { ObservationTruncatorConfig, TruncationDirection } from "./config.js";
import { capJson, capText } from "./file-cap.js";
import { ensureOutputDir, safeToolName, spillTimestamp, writeUniqueFile } from "./spill.js";

/** `data.truncation` of the envelope wrapper. */
export interface TruncationRecord {
  direction: TruncationDirection;
  max_lines: number;
  max_bytes: number;
  original_lines: number;
  original_bytes: number;
  kept_lines: number;
  kept_bytes: number;
  /**
   * Project-relative POSIX path when inside the project, else absolute; null when the
   * full output could not be saved (the text says why).
   */
  full_output_path: string | null;
  /** Why `max_bytes` is below the configured limit, when it is. */
  limit_note?: string;
}

export interface TruncatedData extends Record<string, unknown> {
  truncated: true;
  truncation: TruncationRecord;
  preview: string;
}

export interface TruncateCallOptions {
  /** Used in the spill file name: `tool_<stamp>_<toolName>.json`. */
  toolName: string;
  /** Overrides the configured direction for this call. */
  direction?: TruncationDirection;
  /** Overrides the configured `hasTaskTool` for this call (the calling agent's tools). */
  hasTaskTool?: boolean;
  /**
   * A tighter byte limit for this call (never looser than the configured one): the share
   * of a budget several results split (agent-core's results budget).
   */
  maxBytes?: number;
  /** Why the limit is `maxBytes`, said in the notice ("this result's share of …"). */
  limitNote?: string;
}

export interface ObservationTruncator {
  readonly config: ObservationTruncatorConfig;
  /**
   * Returns `envelope` itself when its `text` is within the limits or it asks for
   * `context.truncation_skip`; otherwise spills it and returns the envelope wrapper.
   */
  truncate(envelope: ToolResponse, options: TruncateCallOptions): Promise<ToolResponse>;
}

// Spill folders already cleaned by this process: cleanup runs at most once per start.
const cleanedDirs = new Set<string>();

/** A path as notices show it: project-relative POSIX inside the project, else absolute. */
function displayPathIn(rootDir: string, file: string): string {
  const relative = path.relative(rootDir, file);
  const inside = relative !== "" && !relative.startsWith("..") && !path.isAbsolute(relative);
  return inside ? relative.split(path.sep).join("/") : file;
}

/** Writes the complete envelope (JSON) and its text (plain) to the spill folder. */
async function spill(config: ObservationTruncatorConfig, envelope: ToolResponse, toolName: string) {
  await ensureOutputDir(config.outputDir);
  if (!cleanedDirs.has(config.outputDir)) {
    cleanedDirs.add(config.outputDir);
    await cleanupExpired(config.outputDir, config.retentionDays);
  }
  const stem = `tool_${spillTimestamp(new Date())}_${safeToolName(toolName)}`;
  const jsonFile = await writeUniqueFile(
    config.outputDir,
    stem,
    "json",
    capJson(envelope, config.maxFileBytes, () => envelopeOutline(envelope)),
  );
  // The same text as a plain file, so the model can page and grep it by line number.
  const textStem = path.basename(jsonFile, ".json");
  const textFile = await writeUniqueFile(
    config.outputDir,
    textStem,
    "txt",
    capText(envelope.text, config.maxFileBytes).text,
  );
  return {
    json: displayPathIn(config.rootDir, jsonFile),
    text: displayPathIn(config.rootDir, textFile),
  };
}

export function createObservationTruncator(
  config: ObservationTruncatorConfig,
): ObservationTruncator {
  return {
    config,
    async truncate(envelope, options) {
      if (envelope.context?.truncation_skip === true) return envelope;
      const limits = {
        maxLines: config.maxLines,
        maxBytes: Math.min(config.maxBytes, Math.max(1, options.maxBytes ?? config.maxBytes)),
      };
      const spilledBefore = spillWrapperOf(envelope);
      if (spilledBefore) return recutWrapper(envelope, spilledBefore, limits, options, config);
      const direction = options.direction ?? config.direction;
      const text = envelope.text ?? "";
      const result = direction === "tail" ? truncateTail(text, limits) : truncateHead(text, limits);
      if (!result.truncated) return envelope;

      // A spill that fails (a spill folder that is a symbolic link, a full disk) costs
      // the full copy, not the call: the model still gets the preview and the reason.
      const spilled = await spill(config, envelope, options.toolName).then(
        (paths) => ({ paths, problem: undefined }),
        (error: Error) => ({ paths: undefined, problem: error.message }),
      );
      const kept = keptPreview(text, result);
      const truncation: TruncationRecord = {
        direction,
        max_lines: limits.maxLines,
        max_bytes: limits.maxBytes,
        ...(options.limitNote ? { limit_note: options.limitNote } : {}),
        original_lines: result.totalLines,
        original_bytes: result.totalBytes,
        kept_lines: kept.lines,
        kept_bytes: kept.bytes,
        full_output_path: spilled.paths?.json ?? null,
      };
      const wrapper: ToolResponse<TruncatedData> = {
        status: envelope.status === "error" ? "error" : "partial",
        data: { truncated: true, truncation, preview: kept.preview },
        text: spilled.paths
          ? wrapperText(
              kept.preview,
              truncation,
              spilled.paths.text,
              options.hasTaskTool ?? config.hasTaskTool,
            )
          : unsavedText(kept.preview, truncation, spilled.problem),
        stats: envelope.stats,
        context: envelope.context,
      };
      if (envelope.status === "error" && envelope.error) wrapper.error = envelope.error;
      return wrapper;
    },
  };
}

/** What a spill JSON holds when even its cut strings are over the cap: the result's outline. */
function envelopeOutline(envelope: ToolResponse) {
  const { params_input: _, ...context } = envelope.context ?? {};
  return {
    status: envelope.status,
    ...(envelope.error ? { error: envelope.error } : {}),
    stats: envelope.stats,
    context,
    note: "The complete result was too big for this file; its text is in the .txt file of the same name.",
  };
}

/**
 * The preview is the truncated text; a head cut whose first line alone is too long
 * would keep nothing, so it keeps that line's first `maxBytes` bytes instead.
 */
function keptPreview(text: string, result: TruncationResult) {
  if (!result.firstLineExceedsLimit) {
    return { preview: result.content, lines: result.outputLines, bytes: result.outputBytes };
  }
  const end = prefixEndWithinBytes(text, 0, result.maxBytes);
  return { preview: text.slice(0, end), lines: 1, bytes: utf8LengthOf(text, 0, end) };
}

/** `[Output truncated: showing the first 2000 of 5000 lines (…; limit …)` without the `]`. */
function truncatedNotice(t: TruncationRecord): string {
  const which = t.direction === "head" ? "first" : "last";
  return (
    `[Output truncated: showing the ${which} ${t.kept_lines} of ${t.original_lines} lines ` +
    `(${formatSize(t.kept_bytes)} of ${formatSize(t.original_bytes)}; limit ${t.max_lines} lines / ` +
    `${formatSize(t.max_bytes)}${t.limit_note ? `: ${t.limit_note}` : ""})`
  );
}

function wrapperText(
  preview: string,
  t: TruncationRecord,
  textPath: string,
  hasTaskTool: boolean,
): string {
  const notice =
    `${truncatedNotice(t)}. Full output saved to ${textPath} (plain text) and ` +
    `${t.full_output_path} (complete result).]`;
  const pageCall =
    t.direction === "head"
      ? `read(path="${textPath}", offset=${t.kept_lines + 1}) to continue after the preview`
      : `read(path="${textPath}", offset=1, limit=${Math.min(t.max_lines, t.original_lines - t.kept_lines)}) to see the beginning`;
  const steps = hasTaskTool
    ? [subagentSpillStep(textPath), `Or ${pageCall}`]
    : [pageCall, `grep(pattern="<what you need>", path="${textPath}") to search the full output`];
  return `${preview}\n\n${notice}\n\nRecommended next step:\n${steps.map((s) => `- ${s}`).join("\n")}`;
}

/** The wrapper's text when the full output could not be saved: the reason, no file to page. */
function unsavedText(preview: string, t: TruncationRecord, problem: string): string {
  const notice = `${truncatedNotice(t)}.]\nFull output not saved: ${problem}`;
  const step =
    "Repeat the call narrower (a smaller range, a more specific pattern) to see the rest";
  return `${preview}\n\n${notice}\n\nRecommended next step:\n- ${step}`;
}

/** The record of an envelope this truncator already spilled (its wrapper), else undefined. */
function spillWrapperOf(envelope: ToolResponse): TruncationRecord | undefined {
  const data = envelope.data as Partial<TruncatedData> | undefined;
  const record = data?.truncation;
  if (data?.truncated !== true || typeof data.preview !== "string") return undefined;
  if (!record || typeof record.full_output_path !== "string") return undefined;
  return record;
}

/**
 * A wrapper cut smaller (a result kept through a compaction that had to shorten it):
 * its preview is cut to the new limit and its text points at the files it was spilled
 * to, never spilling the preview again. Within the limit it is returned as it is.
 */
function recutWrapper(
  envelope: ToolResponse,
  record: TruncationRecord,
  limits: { maxLines: number; maxBytes: number },
  options: TruncateCallOptions,
  config: ObservationTruncatorConfig,
): ToolResponse {
  const preview = (envelope.data as TruncatedData).preview;
  const result =
    record.direction === "tail" ? truncateTail(preview, limits) : truncateHead(preview, limits);
  if (!result.truncated) return envelope;
  const kept = keptPreview(preview, result);
  const truncation: TruncationRecord = {
    ...record,
    max_lines: limits.maxLines,
    max_bytes: limits.maxBytes,
    ...(options.limitNote ? { limit_note: options.limitNote } : {}),
    kept_lines: kept.lines,
    kept_bytes: kept.bytes,
  };
  const textPath = record.full_output_path!.replace(/\.json$/, ".txt");
  return {
    ...envelope,
    data: { ...(envelope.data as TruncatedData), truncation, preview: kept.preview },
    text: wrapperText(
      kept.preview,
      truncation,
      textPath,
      options.hasTaskTool ?? config.hasTaskTool,
    ),
  };
}
