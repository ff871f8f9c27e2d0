/**
 * The short block an edit's result gets: the errors the language server reports after
 * the change, the changed file's first, at most `MAX_SHOWN`, each as
 * `file:line:col error CODE: message`, old ones marked, then what to do next.
 */
import path from "node:path";
import type { FileDiagnostic } from "./diagnostic.js";
import type { ChangeDiagnostics } from "./language-servers.js";

export const MAX_SHOWN = 20;
/** Other open files (those importing the changed one) shown at most. */
export const MAX_OTHER_FILES = 5;

/** One diagnostic as the model and the terminal read it; `file` relative to `cwd`. */
export function diagnosticLine(diagnostic: FileDiagnostic, cwd: string): string {
  const code = diagnostic.code ? ` ${diagnostic.code}` : "";
  const old = diagnostic.preExisting ? " (already there before this change)" : "";
  const message = diagnostic.message.split("\n")[0];
  return `${displayPath(diagnostic.file, cwd)}:${diagnostic.line}:${diagnostic.column} ${diagnostic.severity}${code}: ${message}${old}`;
}

/** Errors to report for a change: the changed file's all, other files' new ones (capped). */
export function reportedErrors(change: ChangeDiagnostics, changedFile: string): FileDiagnostic[] {
  const errors = change.diagnostics.filter((d) => d.severity === "error");
  const own = errors.filter((d) => d.file === changedFile);
  const others = errors.filter((d) => d.file !== changedFile && !d.preExisting);
  const otherFiles = [...new Set(others.map((d) => d.file))].slice(0, MAX_OTHER_FILES);
  return [...own, ...others.filter((d) => otherFiles.includes(d.file))];
}

export function diagnosticsBlock(
  change: ChangeDiagnostics,
  changedFile: string,
  options: { cwd: string; waitMs: number },
): string {
  const errors = reportedErrors(change, changedFile);
  const shown = displayPath(changedFile, options.cwd);
  if (!change.complete) {
    return `Language server (${change.server}): no diagnostics for ${shown} within ${options.waitMs} ms; run lsp(operation: "diagnostics", path: "${shown}") to check later.`;
  }
  if (errors.length === 0) return `Language server (${change.server}): no errors in ${shown}.`;
  const fresh = errors.filter((d) => !d.preExisting).length;
  const lines = [
    `Language server (${change.server}): ${errors.length} error${errors.length === 1 ? "" : "s"} after this change (${fresh} new):`,
    ...errors.slice(0, MAX_SHOWN).map((d) => diagnosticLine(d, options.cwd)),
  ];
  if (errors.length > MAX_SHOWN) lines.push(`... and ${errors.length - MAX_SHOWN} more errors.`);
  lines.push(
    fresh > 0
      ? `Recommended next step: fix the new errors above (read the lines named), then check with lsp(operation: "diagnostics", path: "${shown}").`
      : "Recommended next step: the errors above were there before this change; go on with the task.",
  );
  return lines.join("\n");
}

/** The `data.diagnostics` entries: the reported errors, paths relative to `cwd`. */
export function diagnosticsData(errors: readonly FileDiagnostic[], cwd: string): FileDiagnostic[] {
  return errors.slice(0, 100).map((d) => ({ ...d, file: displayPath(d.file, cwd) }));
}

function displayPath(file: string, cwd: string): string {
  const relative = path.relative(cwd, file);
  return relative.startsWith("..") || path.isAbsolute(relative)
    ? file
    : relative.split(path.sep).join("/");
}
