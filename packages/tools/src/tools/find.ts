/**
 * find — seed 002 §F: glob search for paths with fd when on PATH, else the Node walk;
 * hidden files included, .gitignore respected, folders with a trailing `/`, paths
 * relative to the search root, limit (default 1000), 50 KB cap.
 */
import { Type } from "@sinclair/typebox";
import { aborted, failure, type NextSteps, partial, success } from "../core/envelope.js";
import type { ToolEnvironment } from "../core/environment.js";
import { listedName } from "../core/listed-name.js";
import { capListing, LISTING_CAP_NOTICE } from "../core/listing-cap.js";
import { briefHead, effectiveOutputLevel } from "../core/output-level.js";
import { defineTool } from "../core/run-tool.js";
import { OutputLevelParam } from "../core/schema.js";
import { nulProblem } from "../path/normalize.js";
import { resolveSearchStart } from "../path/policy.js";
import type { SearchEngineOptions } from "../search/engine.js";
import { findPaths } from "../search/find-paths.js";
import type { FindRequest } from "../search/find-types.js";

export const DEFAULT_FIND_LIMIT = 1000;
const FD_FALLBACK_SENTENCE = "fd not available, used slower Node search instead.";

const findParameters = Type.Object({
  pattern: Type.String({ description: "Glob pattern, e.g. *.ts, **/*.json, src/**/test_*.py." }),
  path: Type.Optional(
    Type.String({ description: "Folder to search (default: the working directory)." }),
  ),
  limit: Type.Optional(
    Type.Integer({ minimum: 1, description: `Most results (default ${DEFAULT_FIND_LIMIT}).` }),
  ),
  output_level: OutputLevelParam,
});

export function createFindTool(env: ToolEnvironment, engine: SearchEngineOptions = {}) {
  return defineTool({
    name: "find",
    label: "Find",
    readOnly: true,
    description:
      "Find files and folders by glob pattern. A pattern without / matches names at any depth (*.ts); with / it matches the path " +
      `from the search folder (src/**/*.ts). Hidden files are included, .gitignore is respected. Default limit ${DEFAULT_FIND_LIMIT}. ` +
      "Folders end with /; paths are relative to the search folder.",
    parameters: findParameters,
    async execute(params, context) {
      const nul = nulProblem(params.pattern);
      if (nul) {
        return failure("INVALID_PARAM", `Invalid glob pattern: ${nul} Nothing was searched.`, {
          next: ['find(pattern="**/*.ts") — a glob of names and folders, without \\u0000.'],
        });
      }
      const resolved = await resolveSearchStart(env.policy, params.path, context.cwd);
      if (!resolved.ok) return resolved.response;
      const { display, real } = resolved;
      const extras = { pathResolved: display };
      if (!(await env.fs.stat(real)).isDirectory()) {
        return failure("NOT_A_DIRECTORY", `Not a directory: ${display}. find searches folders.`, {
          ...extras,
          next: [`read(path="${display}") to read the file.`],
        });
      }
      const limit = params.limit ?? DEFAULT_FIND_LIMIT;
      const request: FindRequest = {
        pattern: params.pattern,
        searchPath: real,
        projectRoot: env.policy.root,
        limit,
        signal: context.signal,
      };
      const run = await findPaths(request, engine);
      const fallback = run.engine === "node";
      if (!run.ok) {
        if (run.kind === "aborted") return aborted(extras);
        if (run.kind === "invalid_pattern") {
          return failure(
            "INVALID_PARAM",
            `Invalid glob pattern ${JSON.stringify(params.pattern)}: ${run.message}`,
            {
              ...extras,
              next: ['find(pattern="**/*.ts") — globs use *, ** and {a,b}.'],
            },
          );
        }
        return failure("EXECUTION_ERROR", `find failed: ${run.message}`, {
          ...extras,
          next: [`ls(path="${display}") to look at the folder directly.`],
        });
      }
      // Default sort: code-unit order, like the comparator we would write, without a JS callback.
      const shown = run.paths.slice(0, limit).sort();
      const prefix = display === "." ? "" : `${display}/`;
      const body = capListing(shown.map(listedName));
      const truncated = run.more || body.truncated;
      const data: Record<string, unknown> = {
        paths: shown.map((entry) => prefix + entry),
        relative_to: display,
        truncated,
        engine: fallback ? "node" : "fd",
      };
      if (fallback) data.fallback = "node";
      const stats = { total_paths: shown.length };
      const quoted = JSON.stringify(params.pattern);
      if (shown.length === 0) {
        const text = `No files found matching ${quoted} in ${display}.${fallback ? ` (${FD_FALLBACK_SENTENCE})` : ""}`;
        const next: NextSteps = [
          `find(pattern="**/*${params.pattern.replace(/^\*+/, "")}*") for a looser pattern, or ls(path="${display}").`,
        ];
        return fallback
          ? partial(data, text, { ...extras, stats, next })
          : success(data, text, { ...extras, stats });
      }
      const notices: string[] = [];
      if (run.more)
        notices.push(
          `${limit} results limit reached. Use limit=${limit * 2} for more, or refine pattern`,
        );
      if (body.truncated) notices.push(LISTING_CAP_NOTICE);
      const parts = [
        `Found ${shown.length}${run.more ? "+" : ""} path${shown.length === 1 ? "" : "s"} matching ${quoted} in ${display}:`,
        effectiveOutputLevel(params.output_level, context) === "brief"
          ? briefHead(shown.map(listedName), "paths")
          : body.content,
      ];
      if (notices.length > 0) parts.push(`[${notices.join(". ")}]`);
      if (fallback) parts.push(`(${FD_FALLBACK_SENTENCE})`);
      const text = parts.join("\n\n");
      if (!truncated && !fallback) return success(data, text, { ...extras, stats });
      const next: NextSteps = truncated
        ? [
            `find(pattern=${quoted}, path="${display}", limit=${limit * 2}) or a narrower pattern/path.`,
          ]
        : [`read(path="${prefix}${shown[0]}") to open the first match.`];
      // A cut listing already carries its own notice and next step: the agent's
      // observation truncator must not cut it again and drop them.
      return partial(data, text, { ...extras, stats, truncationSkip: truncated, next });
    },
  });
}
