/**
 * ls as a pipeline (test/ls.test.ts): resolve the folder, read its entries (dotfiles
 * included, unreadable entries such as broken symlinks skipped), then the envelope:
 * case-insensitive sort, `/` after folders, limit 500, 50 KB cap. Each step returns its
 * value or the envelope that ends the call.
 */
import path from "node:path";
import { Type } from "@sinclair/typebox";
import { effectiveOutputLevel } from "../core/output-level.js";
import { defineTool } from "../core/run-tool.js";
import { OutputLevelParam } from "../core/schema.js";
import type { ToolEnvironment } from "../environment.js";
import { entriesOf, readFolder } from "../ls/entries.js";
import { listingEnvelope } from "../ls/envelope.js";
import { leaveOutHidden } from "../path/path-rules.js";
import { resolveSearchStart } from "../path/policy.js";
import { TOOL_SUMMARIES } from "../summary/tool-summary.js";

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

export function createLsTool(env: ToolEnvironment) {
  return defineTool({
    name: "ls",
    summary: TOOL_SUMMARIES.ls,
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
      const folder = await readFolder(env, real, display);
      if (!folder.ok) return folder.response;
      // An entry a `Read(…)` deny rule hides is left out.
      const all = await entriesOf(env, real, folder.dirents);
      const entries = leaveOutHidden(
        all,
        (entry) => path.join(resolved.absolute, entry.name),
        env.policy.hidden,
      ).kept;
      const limit = params.limit ?? DEFAULT_LS_LIMIT;
      const brief = effectiveOutputLevel(params.output_level, context) === "brief";
      return listingEnvelope(entries, { limit, display, brief });
    },
  });
}
