/**
 * find as a pipeline (test/find.test.ts): check the pattern, resolve the folder, search with
 * fd when on PATH (else the Node walk; hidden files included, .gitignore respected),
 * then the envelope: folders with a trailing `/`, paths relative to the search root,
 * limit (default 1000), 50 KB cap. Each step returns its value or the envelope that
 * ends the call.
 */
import path from "node:path";
import { Type } from "@sinclair/typebox";
import { effectiveOutputLevel } from "../core/output-level.js";
import { defineTool } from "../core/run-tool.js";
import { OutputLevelParam } from "../core/schema.js";
import type { ToolEnvironment } from "../environment.js";
import { findEnvelope } from "../find/envelope.js";
import { notAFolder, patternWithNul, runFailure } from "../find/failures.js";
import { nulProblem } from "../path/normalize.js";
import { leaveOutHidden } from "../path/path-rules.js";
import { resolveSearchStart } from "../path/policy.js";
import type { SearchEngineOptions } from "../search/engine.js";
import { findPaths } from "../search/find-paths.js";
import type { FindRequest } from "../search/find-types.js";
import { TOOL_SUMMARIES } from "../summary/tool-summary.js";

export const DEFAULT_FIND_LIMIT = 1000;

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
    summary: TOOL_SUMMARIES.find,
    label: "Find",
    readOnly: true,
    description:
      "Find files and folders by glob pattern. A pattern without / matches names at any depth (*.ts); with / it matches the path " +
      `from the search folder (src/**/*.ts). Hidden files are included, .gitignore is respected. Default limit ${DEFAULT_FIND_LIMIT}. ` +
      "Folders end with /; paths are relative to the search folder.",
    parameters: findParameters,
    async execute(params, context) {
      const nul = nulProblem(params.pattern);
      if (nul) return patternWithNul(nul);
      const resolved = await resolveSearchStart(env.policy, params.path, context.cwd);
      if (!resolved.ok) return resolved.response;
      const { display, real } = resolved;
      if (!(await env.fs.stat(real)).isDirectory()) return notAFolder(display);
      const limit = params.limit ?? DEFAULT_FIND_LIMIT;
      const request: FindRequest = {
        pattern: params.pattern,
        searchPath: real,
        projectRoot: env.policy.root,
        limit,
        signal: context.signal,
      };
      const run = await findPaths(request, engine);
      if (!run.ok) return runFailure(run, params.pattern, display);
      // A path a `Read(…)` deny rule hides is left out (folders end with `/`).
      const paths = leaveOutHidden(
        run.paths,
        (entry) => path.join(real, entry.replace(/\/$/, "")),
        env.policy.hidden,
      );
      const found = { paths: paths.kept, more: run.more, fallback: run.engine === "node" };
      const brief = effectiveOutputLevel(params.output_level, context) === "brief";
      return findEnvelope(found, { pattern: params.pattern, limit, display, brief });
    },
  });
}
