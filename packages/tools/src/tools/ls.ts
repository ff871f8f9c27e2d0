/**
 * ls — seed 002 §G: one level, dotfiles included, case-insensitive sort, `/` after
 * folders, unreadable entries (broken symlinks) skipped, limit 500, 50 KB cap.
 */

import path from "node:path";
import { Type } from "@sinclair/typebox";
import { failure, type NextSteps, partial, success } from "../core/envelope.js";
import type { ToolEnvironment } from "../core/environment.js";
import { firstSorted } from "../core/first-sorted.js";
import { listedName } from "../core/listed-name.js";
import { capListing, LISTING_CAP_NOTICE } from "../core/listing-cap.js";
import { briefHead, effectiveOutputLevel } from "../core/output-level.js";
import { defineTool } from "../core/run-tool.js";
import { OutputLevelParam } from "../core/schema.js";
import { fileSystemFailure } from "../fs/errors.js";
import { resolveSearchStart } from "../path/policy.js";

export const DEFAULT_LS_LIMIT = 500;

const lsParameters = Type.Object({
  path: Type.Optional(
    Type.String({ description: "Folder to list (default: the working directory)." }),
  ),
  limit: Type.Optional(
    Type.Integer({ minimum: 1, description: `Most entries (default ${DEFAULT_LS_LIMIT}).` }),
  ),
  output_level: OutputLevelParam,
});

interface Entry {
  name: string;
  /** The name lower-cased once, for the case-insensitive sort. */
  key: string;
  type: "file" | "dir" | "link";
  isDirectory: boolean;
}

/** Case-insensitive, then by code unit so `A` and `a` keep a stable order. */
function byName(a: Entry, b: Entry): number {
  if (a.key !== b.key) return a.key < b.key ? -1 : 1;
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

export function createLsTool(env: ToolEnvironment) {
  return defineTool({
    name: "ls",
    label: "List",
    readOnly: true,
    description:
      `List one folder: names sorted case-insensitively, folders end with /, dotfiles included. Default limit ${DEFAULT_LS_LIMIT} entries. ` +
      "Use find for recursive searches.",
    parameters: lsParameters,
    async execute(params, context) {
      const resolved = await resolveSearchStart(
        env.policy,
        params.path,
        context.cwd,
        'ls(path=".") to start from the working directory.',
      );
      if (!resolved.ok) return resolved.response;
      const { display, real } = resolved;
      const extras = { pathResolved: display };
      let dirents: Awaited<ReturnType<typeof env.fs.readdir>>;
      try {
        if (!(await env.fs.stat(real)).isDirectory()) {
          return failure("NOT_A_DIRECTORY", `Not a directory: ${display}`, {
            ...extras,
            next: [`read(path="${display}") to read the file.`],
          });
        }
        dirents = await env.fs.readdir(real);
      } catch (error) {
        return fileSystemFailure(error, "list", display, display);
      }
      const entries: Entry[] = [];
      for (const dirent of dirents) {
        if (dirent.isSymbolicLink()) {
          try {
            const target = await env.fs.stat(path.join(real, dirent.name));
            entries.push({
              name: dirent.name,
              key: dirent.name.toLowerCase(),
              type: "link",
              isDirectory: target.isDirectory(),
            });
          } catch {
            // Broken or unreadable link: skipped (seed 002 §G).
          }
          continue;
        }
        const isDirectory = dirent.isDirectory();
        entries.push({
          name: dirent.name,
          key: dirent.name.toLowerCase(),
          type: isDirectory ? "dir" : "file",
          isDirectory,
        });
      }
      const limit = params.limit ?? DEFAULT_LS_LIMIT;
      const shown = firstSorted(entries, limit, byName);
      const names = shown.map((entry) => (entry.isDirectory ? `${entry.name}/` : entry.name));
      const body = capListing(names.map(listedName));
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
      const stats = { total_entries: entries.length };
      if (entries.length === 0) return success(data, "(empty directory)", { ...extras, stats });
      const notices: string[] = [];
      if (remaining > 0)
        notices.push(
          `${limit} entries limit reached, ${remaining} more not shown. Use limit=${entries.length} for all`,
        );
      if (body.truncated) notices.push(LISTING_CAP_NOTICE);
      const shownCount = body.truncated ? body.outputLines : shown.length;
      const head = `Listed ${shownCount} of ${entries.length} entries in ${display}:`;
      const listing =
        effectiveOutputLevel(params.output_level, context) === "brief"
          ? briefHead(body.content.split("\n"), "entries")
          : body.content;
      if (!truncated) return success(data, `${head}\n\n${listing}`, { ...extras, stats });
      const text = `${head}\n\n${listing}\n\n[${notices.join(". ")}]`;
      const next: NextSteps = [
        `ls(path="${display}", limit=${entries.length})`,
        `find(pattern="<glob>", path="${display}") to narrow down.`,
      ];
      return partial(data, text, { ...extras, stats, truncationSkip: true, next });
    },
  });
}
