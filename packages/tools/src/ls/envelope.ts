/**
 * ls's result envelope: the first `limit` entries in name order, folders with a
 * trailing `/`, cut to the output cap, with the notices and calls for the rest.
 */
import { type NextSteps, partial, success } from "../core/envelope.js";
import { firstSorted } from "../core/first-sorted.js";
import { listedName } from "../core/listed-name.js";
import { capListing, LISTING_CAP_NOTICE } from "../core/listing-cap.js";
import { briefHead } from "../core/output-level.js";
import type { ToolResponse } from "../types.js";
import { byName, type Entry } from "./entries.js";

export interface ListCall {
  limit: number;
  display: string;
  brief: boolean;
}

export function listingEnvelope(entries: Entry[], call: ListCall): ToolResponse {
  const { limit, display } = call;
  const shown = firstSorted(entries, limit, byName);
  const names = shown.map((entry) => (entry.isDirectory ? `${entry.name}/` : entry.name));
  const body = capListing(names, listedName);
  const remaining = entries.length - shown.length;
  const truncated = remaining > 0 || body.truncated;
  const prefix = display === "." ? "" : `${display}/`;
  const data = {
    entries: shown.map((entry, index) => ({
      path: prefix + names[index],
      name: entry.name,
      type: entry.type,
    })),
    total_entries: entries.length,
    truncated,
  };
  const extras = { pathResolved: display, stats: { total_entries: entries.length } };
  if (entries.length === 0) return success(data, "(empty directory)", extras);
  const notices: string[] = [];
  if (remaining > 0) {
    notices.push(
      `${limit} entries limit reached, ${remaining} more not shown. Use limit=${entries.length} for all`,
    );
  }
  if (body.truncated) notices.push(LISTING_CAP_NOTICE);
  const shownCount = body.truncated ? body.outputLines : shown.length;
  const head = `Listed ${shownCount} of ${entries.length} entries in ${display}:`;
  const listing = call.brief ? briefHead(body.content.split("\n"), "entries") : body.content;
  if (!truncated) return success(data, `${head}\n\n${listing}`, extras);
  const text = `${head}\n\n${listing}\n\n[${notices.join(". ")}]`;
  const next: NextSteps = [
    `ls(path="${display}", limit=${entries.length})`,
    `find(pattern="<glob>", path="${display}") to narrow down.`,
  ];
  return partial(data, text, { ...extras, truncationSkip: true, next });
}
