/**
 * grep as a pipeline (test/grep.test.ts): check the glob, resolve the start, run ripgrep when
 * on PATH (else the Node fallback), list the lines under the names the model gave (cut
 * to 500 chars), then the envelope with the match limit (default 100), the 50 KB output
 * cap and their notices. Each step returns its value or the envelope that ends the call.
 */
import { DEFAULT_MAX_BYTES, DEFAULT_MAX_LINE_CHARS } from "@gong/truncate";
import { Type } from "@sinclair/typebox";
import { effectiveOutputLevel } from "../core/output-level.js";
import { defineTool } from "../core/run-tool.js";
import { OutputLevelParam } from "../core/schema.js";
import type { ToolEnvironment } from "../environment.js";
import { grepEnvelope } from "../grep/envelope.js";
import { globWithNul } from "../grep/failures.js";
import { listGrepLines } from "../grep/listing.js";
import { type GrepResult, runGrep } from "../grep/run.js";
import { isInside } from "../path/inside.js";
import { nulProblem } from "../path/normalize.js";
import { type HiddenPaths, leaveOutHidden } from "../path/path-rules.js";
import { resolveSearchStart } from "../path/policy.js";
import type { SearchEngineOptions } from "../search/engine.js";
import type { GrepRequest } from "../search/grep-types.js";
import { TOOL_SUMMARIES } from "../summary/tool-summary.js";

export const DEFAULT_GREP_LIMIT = 100;

const grepParameters = Type.Object({
  pattern: Type.String({
    description: "Regular expression (or literal text with literal=true) to search for.",
  }),
  path: Type.Optional(
    Type.String({ description: "File or folder to search (default: the working directory)." }),
  ),
  glob: Type.Optional(
    Type.String({ description: "Only files matching this glob, e.g. *.ts or src/**/*.py." }),
  ),
  ignoreCase: Type.Optional(Type.Boolean({ description: "Case-insensitive search." })),
  literal: Type.Optional(
    Type.Boolean({ description: "Treat pattern as literal text, not a regex." }),
  ),
  context: Type.Optional(
    Type.Integer({ minimum: 0, description: "Lines of context before and after each match." }),
  ),
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      description: `Most matches to return (default ${DEFAULT_GREP_LIMIT}).`,
    }),
  ),
  output_level: OutputLevelParam,
});

export function createGrepTool(env: ToolEnvironment, engine: SearchEngineOptions = {}) {
  return defineTool({
    name: "grep",
    summary: TOOL_SUMMARIES.grep,
    label: "Grep",
    readOnly: true,
    description:
      "Search file contents with a regular expression (ripgrep syntax). Respects .gitignore, searches hidden files, skips binaries. " +
      `Returns file:line: text for each match (file-line- text for context lines). Default limit ${DEFAULT_GREP_LIMIT} matches; ` +
      `lines longer than ${DEFAULT_MAX_LINE_CHARS} characters are cut; output is capped at ${DEFAULT_MAX_BYTES / 1024}KB.`,
    parameters: grepParameters,
    async execute(params, context) {
      const nul = params.glob === undefined ? undefined : nulProblem(params.glob);
      if (nul) return globWithNul(nul);
      const resolved = await resolveSearchStart(env.policy, params.path, context.cwd);
      if (!resolved.ok) return resolved.response;
      const { display, real } = resolved;
      const limit = params.limit ?? DEFAULT_GREP_LIMIT;
      const request: GrepRequest = {
        pattern: params.pattern,
        searchPath: real,
        projectRoot: env.policy.root,
        glob: params.glob,
        ignoreCase: params.ignoreCase ?? false,
        literal: params.literal ?? false,
        context: params.context ?? 0,
        limit,
        signal: context.signal,
      };
      const run = await runGrep(env, engine, request, display);
      if (!run.ok) return run.response;
      const result = withoutHiddenFiles(run, env.policy.hidden);
      // Paths in the output are project-relative, so the model can pass them to read/edit.
      // `real` had symlinks resolved; map results back under the path the model gave.
      const toDisplay = (file: string) =>
        env.policy.display(
          isInside(real, file) ? resolved.absolute + file.slice(real.length) : file,
        );
      const listing = listGrepLines(result.lines, request.context, toDisplay);
      const brief = effectiveOutputLevel(params.output_level, context) === "brief";
      return grepEnvelope(result, listing, { pattern: params.pattern, limit, display, brief });
    },
  });
}

/**
 * The search without the files a `Read(…)` deny rule hides: their lines are dropped and
 * the result says how many files were skipped, and by which rule (test/grep.test.ts
 * "hidden").
 */
function withoutHiddenFiles(result: GrepResult, hidden: HiddenPaths | undefined): GrepResult {
  const left = leaveOutHidden(result.lines, (line) => line.file, hidden);
  if (left.hiddenFiles === 0) return result;
  const dropped = result.lines.filter((line) => line.kind === "match").length;
  const kept = left.kept.filter((line) => line.kind === "match").length;
  const one = left.hiddenFiles === 1;
  const rules = `rule${left.rules.length === 1 ? "" : "s"} ${left.rules.join(", ")}`;
  return {
    ...result,
    lines: left.kept,
    matchCount: result.matchCount - (dropped - kept),
    hiddenFiles: left.hiddenFiles,
    warnings: [
      ...result.warnings,
      `${left.hiddenFiles} file${one ? "" : "s"} hidden by the permissions.deny ${rules} ${one ? "was" : "were"} skipped`,
    ],
  };
}
