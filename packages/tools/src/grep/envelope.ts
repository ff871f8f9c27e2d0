/**
 * grep's result envelope: the summary, the listing cut to the output cap, its notices,
 * and — when anything was left out or the slower fallback ran — the calls that go on.
 */
import { DEFAULT_MAX_LINE_CHARS } from "@gong/truncate";
import { type NextSteps, partial, success } from "../core/envelope.js";
import { capListing, LISTING_CAP_NOTICE } from "../core/listing-cap.js";
import { briefHead } from "../core/output-level.js";
import type { ToolResponse } from "../types.js";
import type { GrepListing } from "./listing.js";
import { matchesPerFile } from "./listing.js";
import type { GrepResult } from "./run.js";

const NODE_FALLBACK_SENTENCE = "ripgrep not available, used slower Node search instead.";

export interface GrepCall {
  pattern: string;
  limit: number;
  display: string;
  brief: boolean;
}

export function grepEnvelope(
  result: GrepResult,
  listing: GrepListing,
  call: GrepCall,
): ToolResponse {
  const { matchCount, limitReached, fallback } = result;
  const { matches, linesCut } = listing;
  const { limit, display } = call;
  const files = new Set(matches.map((match) => match.file));
  const body = capListing(listing.outputLines);
  const truncated = limitReached || body.truncated;
  const data: Record<string, unknown> = {
    matches,
    total_matches: matchCount,
    total_matches_is_lower_bound: limitReached,
    files: files.size,
    truncated,
    lines_truncated: linesCut,
    engine: fallback ? "node" : "rg",
  };
  if (result.hiddenFiles) data.hidden_files = result.hiddenFiles;
  if (fallback) data.fallback = "node";
  const extras = { pathResolved: display, stats: { total_matches: matchCount, files: files.size } };
  const quoted = JSON.stringify(call.pattern);

  if (matchCount === 0) {
    const hidden = result.warnings.map((warning) => ` (warning: ${warning})`).join("");
    const text = `No matches found for ${quoted} in ${display}.${fallback ? ` (${NODE_FALLBACK_SENTENCE})` : ""}${hidden}`;
    const next: NextSteps = [
      `grep(pattern=${quoted}, ignoreCase=true) or a shorter pattern.`,
      `find(pattern="**/*<name>*") if you are looking for a file name.`,
    ];
    return fallback ? partial(data, text, { ...extras, next }) : success(data, text, extras);
  }
  const notices: string[] = [];
  if (limitReached) {
    notices.push(
      `${limit} matches limit reached. Use limit=${limit * 2} for more, or refine pattern`,
    );
  }
  if (body.truncated) notices.push(LISTING_CAP_NOTICE);
  if (linesCut) {
    notices.push(
      `Some lines truncated to ${DEFAULT_MAX_LINE_CHARS} chars. Use read tool to see full lines`,
    );
  }
  const summary = `Found ${matchCount}${limitReached ? "+" : ""} match${matchCount === 1 ? "" : "es"} for ${quoted} in ${files.size} file${files.size === 1 ? "" : "s"}${display === "." ? "" : ` under ${display}`}.`;
  const listed = call.brief ? briefHead(matchesPerFile(matches), "files") : body.content;
  const parts = [summary, listed];
  if (notices.length > 0) parts.push(`[${notices.join(". ")}]`);
  if (fallback) parts.push(`(${NODE_FALLBACK_SENTENCE})`);
  for (const warning of result.warnings) parts.push(`(warning: ${warning})`);
  const text = parts.join("\n\n");
  if (!truncated && !fallback) return success(data, text, extras);
  const first = matches[0];
  const more = `grep(pattern=${quoted}, path="${display}", limit=${limit * 2}) or narrow path/glob.`;
  // A complete result from the fallback engine is partial only in speed: the useful
  // next call is to look at the first match.
  const readFirst =
    first && `read(path="${first.file}", offset=${Math.max(1, first.line - 20)}, limit=60)`;
  const next: NextSteps = truncated
    ? [more, ...(readFirst ? [readFirst] : [])]
    : [readFirst || more];
  // A cut listing already carries its own notices and next steps: the agent's
  // observation truncator must not cut it again and drop them.
  return partial(data, text, { ...extras, truncationSkip: truncated, next });
}
