/**
 * The session's edit and write tools with the language servers' verdict added: after a
 * successful change the file is synced and its errors join the result (text block and
 * `data.diagnostics`). The tools themselves know nothing of language servers; this
 * wrapper is the one place they meet (packages/runtime session-tools.ts applies it).
 */
import path from "node:path";
import type { Tool, ToolResponse } from "@gong/tools";
import type { FileDiagnostic } from "./diagnostic.js";
import { diagnosticsBlock, diagnosticsData, reportedErrors } from "./diagnostics-block.js";
import type { LanguageServers } from "./language-servers.js";

/** Tools whose result names a file they changed (`context.path_resolved`). */
const CHANGING = new Set(["edit", "write"]);

export function withLanguageServers(tool: Tool, servers: LanguageServers, cwd: string): Tool {
  if (CHANGING.has(tool.name)) return wrapChange(tool, servers, cwd);
  if (tool.name === "read") return wrapRead(tool, servers, cwd);
  if (tool.name === "bash") return wrapBash(tool, servers, cwd);
  return tool;
}

function fileOf(params: unknown, context: { cwd: string }): string | undefined {
  const input = (params as { path?: unknown }).path;
  return typeof input === "string" ? path.resolve(context.cwd, input.replace(/^@/, "")) : undefined;
}

function wrapChange(tool: Tool, servers: LanguageServers, cwd: string): Tool {
  return {
    ...tool,
    async execute(params, context) {
      const file = fileOf(params, context);
      const before = file && servers.handles(file) ? await servers.before(file) : undefined;
      const response = await tool.execute(params, context);
      if (response.status === "error" || !file || !servers.handles(file)) return response;
      return addDiagnostics(response, servers, file, before, cwd);
    },
  };
}

/** A read starts the file's server and opens the file, so the edit after it waits less. */
function wrapRead(tool: Tool, servers: LanguageServers, _cwd: string): Tool {
  return {
    ...tool,
    async execute(params, context) {
      const response = await tool.execute(params, context);
      const file = fileOf(params, context);
      if (response.status !== "error" && file && servers.handles(file)) servers.touch(file);
      return response;
    },
  };
}

/** A command that changed files the servers have open: their new errors join its result. */
function wrapBash(tool: Tool, servers: LanguageServers, cwd: string): Tool {
  return {
    ...tool,
    async execute(params, context) {
      const response = await tool.execute(params, context);
      const changed = await servers.changedOpenFiles();
      let result = response;
      for (const file of changed.slice(0, 5)) {
        result = await addDiagnostics(result, servers, file, undefined, cwd, false);
      }
      return result;
    },
  };
}

async function addDiagnostics(
  response: ToolResponse,
  servers: LanguageServers,
  file: string,
  before: FileDiagnostic[] | undefined,
  cwd: string,
  reportClean = true,
): Promise<ToolResponse> {
  const change = await servers.afterChange(file, before);
  if (!change) return response;
  const errors = reportedErrors(change, file);
  if (!reportClean && errors.length === 0) return response;
  const block = diagnosticsBlock(change, file, { cwd, waitMs: servers.diagnosticsWaitMs });
  const earlier = Array.isArray(response.data.diagnostics)
    ? (response.data.diagnostics as FileDiagnostic[])
    : [];
  return {
    ...response,
    text: `${response.text}\n\n${block}`,
    data: { ...response.data, diagnostics: [...earlier, ...diagnosticsData(errors, cwd)] },
  };
}
