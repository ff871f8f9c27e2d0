/**
 * find's result envelope: the paths sorted and cut to the limit and the output cap,
 * their notices, and — when anything was left out or the slower fallback ran — the
 * call that goes on.
 */
import { type NextSteps, partial, success } from "../core/envelope.js";
import { listedName } from "../core/listed-name.js";
import { capListing, LISTING_CAP_NOTICE } from "../core/listing-cap.js";
import { briefHead } from "../core/output-level.js";
import type { ToolResponse } from "../types.js";

const FD_FALLBACK_SENTENCE = "fd not available, used slower Node search instead.";

export interface FoundPaths {
  /** Relative to the search root, at most limit+1. */
  paths: string[];
  more: boolean;
  fallback: boolean;
}

export interface FindCall {
  pattern: string;
  limit: number;
  display: string;
  brief: boolean;
}

export function findEnvelope(found: FoundPaths, call: FindCall): ToolResponse {
  const { more, fallback } = found;
  const { limit, display } = call;
  // Default sort: code-unit order, like the comparator we would write, without a JS callback.
  const shown = found.paths.slice(0, limit).sort();
  const prefix = display === "." ? "" : `${display}/`;
  const body = capListing(shown, listedName);
  const truncated = more || body.truncated;
  const data: Record<string, unknown> = {
    paths: shown.map((entry) => prefix + entry),
    relative_to: display,
    truncated,
    engine: fallback ? "node" : "fd",
  };
  if (fallback) data.fallback = "node";
  const extras = { pathResolved: display, stats: { total_paths: shown.length } };
  const quoted = JSON.stringify(call.pattern);
  if (shown.length === 0) {
    const text = `No files found matching ${quoted} in ${display}.${fallback ? ` (${FD_FALLBACK_SENTENCE})` : ""}`;
    const next: NextSteps = [
      `find(pattern="**/*${call.pattern.replace(/^\*+/, "")}*") for a looser pattern, or ls(path="${display}").`,
    ];
    return fallback ? partial(data, text, { ...extras, next }) : success(data, text, extras);
  }
  const notices: string[] = [];
  if (more) {
    notices.push(
      `${limit} results limit reached. Use limit=${limit * 2} for more, or refine pattern`,
    );
  }
  if (body.truncated) notices.push(LISTING_CAP_NOTICE);
  const parts = [
    `Found ${shown.length}${more ? "+" : ""} path${shown.length === 1 ? "" : "s"} matching ${quoted} in ${display}:`,
    call.brief ? briefHead(shown.map(listedName), "paths") : body.content,
  ];
  if (notices.length > 0) parts.push(`[${notices.join(". ")}]`);
  if (fallback) parts.push(`(${FD_FALLBACK_SENTENCE})`);
  const text = parts.join("\n\n");
  if (!truncated && !fallback) return success(data, text, extras);
  const next: NextSteps = truncated
    ? [`find(pattern=${quoted}, path="${display}", limit=${limit * 2}) or a narrower pattern/path.`]
    : [`read(path="${prefix}${shown[0]}") to open the first match.`];
  // A cut listing already carries its own notice and next step: the agent's
  // observation truncator must not cut it again and drop them.
  return partial(data, text, { ...extras, truncationSkip: truncated, next });
}
