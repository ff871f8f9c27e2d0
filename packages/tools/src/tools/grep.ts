/**
 * grep — seed 002 §E: ripgrep when on PATH, else the Node fallback; match limit
 * (default 100), context lines, 500-char line cut, 50 KB output cap, three notices.
 */
import { DEFAULT_MAX_BYTES, DEFAULT_MAX_LINE_CHARS, truncateLine } from "@gong/truncate";
import { Type } from "@sinclair/typebox";
import { aborted, failure, type NextSteps, partial, success } from "../core/envelope.js";
import type { ToolEnvironment } from "../core/environment.js";
import { listedName } from "../core/listed-name.js";
import { capListing, LISTING_CAP_NOTICE } from "../core/listing-cap.js";
import { briefHead, effectiveOutputLevel } from "../core/output-level.js";
import { defineTool } from "../core/run-tool.js";
import { OutputLevelParam } from "../core/schema.js";
import { fileSystemFailure } from "../fs/errors.js";
import { requireNotSpecial } from "../fs/file-kind.js";
import { nulProblem } from "../path/normalize.js";
import { resolveSearchStart } from "../path/policy.js";
import type { SearchEngineOptions } from "../search/engine.js";
import { pickEngine } from "../search/engine.js";
import { grepWithNode } from "../search/grep-node.js";
import { grepWithRipgrep } from "../search/grep-rg.js";
import type { GrepRequest, GrepRun } from "../search/grep-types.js";

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

const NODE_FALLBACK_SENTENCE = "ripgrep not available, used slower Node search instead.";

export function createGrepTool(env: ToolEnvironment, engine: SearchEngineOptions = {}) {
  return defineTool({
    name: "grep",
    label: "Grep",
    readOnly: true,
    description:
      "Search file contents with a regular expression (ripgrep syntax). Respects .gitignore, searches hidden files, skips binaries. " +
      `Returns file:line: text for each match (file-line- text for context lines). Default limit ${DEFAULT_GREP_LIMIT} matches; ` +
      `lines longer than ${DEFAULT_MAX_LINE_CHARS} characters are cut; output is capped at ${DEFAULT_MAX_BYTES / 1024}KB.`,
    parameters: grepParameters,
    async execute(params, context) {
      const nul = params.glob === undefined ? undefined : nulProblem(params.glob);
      if (nul) {
        return failure("INVALID_PARAM", `Invalid glob: ${nul} Nothing was searched.`, {
          next: ['grep(pattern=..., glob="*.ts") — a glob of names and folders, without \\u0000.'],
        });
      }
      const resolved = await resolveSearchStart(env.policy, params.path, context.cwd);
      if (!resolved.ok) return resolved.response;
      const { display, real } = resolved;
      const extras = { pathResolved: display };
      try {
        // rg skips FIFOs and devices in a folder, but opens one it is named: and blocks.
        requireNotSpecial(await env.fs.stat(real), real);
      } catch (error) {
        return fileSystemFailure(error, "search", display, display);
      }
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
      const picked = pickEngine(engine, "rg");
      let run: GrepRun;
      try {
        run = picked.binary
          ? await grepWithRipgrep(picked.binary, request)
          : await grepWithNode(request);
      } catch (error) {
        return fileSystemFailure(error, "search", display, display);
      }
      const fallback = picked.binary === undefined;

      if (!run.ok) {
        if (run.kind === "aborted") return aborted(extras);
        if (run.kind === "invalid_pattern") {
          // rg reports a bad --glob the same way as a bad regex: say which one it was.
          if (params.glob && /glob/i.test(run.message)) {
            return failure(
              "INVALID_PARAM",
              `Invalid glob ${JSON.stringify(params.glob)}: ${run.message}`,
              {
                ...extras,
                next: ['grep(pattern=..., glob="*.ts") — globs use *, ** and {a,b}.'],
              },
            );
          }
          return failure(
            "INVALID_PARAM",
            `Invalid regular expression ${JSON.stringify(params.pattern)}: ${run.message}`,
            {
              ...extras,
              next: [
                `grep(pattern=${JSON.stringify(params.pattern)}, literal=true) to search for the text as-is, or escape the special characters.`,
              ],
            },
          );
        }
        return failure("EXECUTION_ERROR", `grep failed: ${run.message}`, {
          ...extras,
          next: [
            `grep(pattern=${JSON.stringify(params.pattern)}, path="${display}") again once, or bash(command="grep -rn ...") instead.`,
          ],
        });
      }

      // Paths in the output are project-relative, so the model can pass them to read/edit.
      // `real` had symlinks resolved; map results back under the path the model gave.
      const toDisplay = (file: string) =>
        env.policy.display(
          file === real || file.startsWith(`${real}/`)
            ? resolved.absolute + file.slice(real.length)
            : file,
        );
      let linesCut = false;
      const outputLines: string[] = [];
      const matches: { file: string; line: number; text: string }[] = [];
      let previous: { file: string; line: number } | undefined;
      for (const line of run.lines) {
        const file = toDisplay(line.file);
        if (
          request.context > 0 &&
          previous &&
          (previous.file !== file || line.line > previous.line + 1)
        ) {
          outputLines.push("--");
        }
        const cut = truncateLine(line.text, DEFAULT_MAX_LINE_CHARS);
        if (cut.truncated) linesCut = true;
        if (line.kind === "match") {
          matches.push({ file, line: line.line, text: cut.content });
          outputLines.push(`${listedName(file)}:${line.line}: ${cut.content}`);
        } else {
          outputLines.push(`${listedName(file)}-${line.line}- ${cut.content}`);
        }
        previous = { file, line: line.line };
      }
      const files = new Set(matches.map((match) => match.file));
      const body = capListing(outputLines);

      const notices: string[] = [];
      if (run.limitReached)
        notices.push(
          `${limit} matches limit reached. Use limit=${limit * 2} for more, or refine pattern`,
        );
      if (body.truncated) notices.push(LISTING_CAP_NOTICE);
      if (linesCut)
        notices.push(
          `Some lines truncated to ${DEFAULT_MAX_LINE_CHARS} chars. Use read tool to see full lines`,
        );
      const truncated = run.limitReached || body.truncated;
      const data: Record<string, unknown> = {
        matches,
        total_matches: run.matchCount,
        total_matches_is_lower_bound: run.limitReached,
        files: files.size,
        truncated,
        lines_truncated: linesCut,
        engine: fallback ? "node" : "rg",
      };
      if (fallback) data.fallback = "node";
      const stats = { total_matches: run.matchCount, files: files.size };
      const quoted = JSON.stringify(params.pattern);

      if (run.matchCount === 0) {
        const text = `No matches found for ${quoted} in ${display}.${fallback ? ` (${NODE_FALLBACK_SENTENCE})` : ""}`;
        const next: NextSteps = [
          `grep(pattern=${quoted}, ignoreCase=true) or a shorter pattern.`,
          `find(pattern="**/*<name>*") if you are looking for a file name.`,
        ];
        return fallback
          ? partial(data, text, { ...extras, stats, next })
          : success(data, text, { ...extras, stats });
      }
      const summary = `Found ${run.matchCount}${run.limitReached ? "+" : ""} match${run.matchCount === 1 ? "" : "es"} for ${quoted} in ${files.size} file${files.size === 1 ? "" : "s"}${display === "." ? "" : ` under ${display}`}.`;
      let listing = body.content;
      if (effectiveOutputLevel(params.output_level, context) === "brief") {
        const perFile = new Map<string, number>();
        for (const match of matches) perFile.set(match.file, (perFile.get(match.file) ?? 0) + 1);
        listing = briefHead(
          [...perFile].map(([file, count]) => `${listedName(file)}: ${count}`),
          "files",
        );
      }
      const parts = [summary, listing];
      if (notices.length > 0) parts.push(`[${notices.join(". ")}]`);
      if (fallback) parts.push(`(${NODE_FALLBACK_SENTENCE})`);
      for (const warning of run.warnings) parts.push(`(warning: ${warning})`);
      const text = parts.join("\n\n");
      if (!truncated && !fallback) return success(data, text, { ...extras, stats });
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
      return partial(data, text, { ...extras, stats, truncationSkip: truncated, next });
    },
  });
}
