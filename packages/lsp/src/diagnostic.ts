/** A server's diagnostic in the agent's terms: 1-based line and column, a named severity. */
import type { Diagnostic as ProtocolDiagnostic } from "vscode-languageserver-protocol";

export type DiagnosticSeverity = "error" | "warning" | "info" | "hint";

export interface FileDiagnostic {
  /** Absolute path of the file. */
  file: string;
  line: number;
  column: number;
  severity: DiagnosticSeverity;
  /** `TS2322`, `reportAttributeAccessIssue`; absent when the server gives none. */
  code?: string;
  message: string;
  /** The diagnostic was already there before the change (the model did not cause it). */
  preExisting?: boolean;
}

const SEVERITIES: Record<number, DiagnosticSeverity> = {
  1: "error",
  2: "warning",
  3: "info",
  4: "hint",
};

export function fromProtocol(file: string, diagnostic: ProtocolDiagnostic): FileDiagnostic {
  const code = diagnostic.code;
  // TypeScript's codes are numbers (2322); they read as `TS2322` in tsc's output.
  const named =
    code === undefined
      ? undefined
      : typeof code === "number" && diagnostic.source?.startsWith("typescript")
        ? `TS${code}`
        : String(code);
  return {
    file,
    line: diagnostic.range.start.line + 1,
    column: diagnostic.range.start.character + 1,
    severity: SEVERITIES[diagnostic.severity ?? 1] ?? "error",
    ...(named !== undefined ? { code: named } : {}),
    message: typeof diagnostic.message === "string" ? diagnostic.message : diagnostic.message.value,
  };
}

/**
 * Marks the diagnostics of `after` that were already in `before`: same severity, code and
 * message (lines move when the model edits above them), counted, so a second copy of an
 * old error is new.
 */
export function markPreExisting(
  before: readonly FileDiagnostic[],
  after: readonly FileDiagnostic[],
): FileDiagnostic[] {
  const counts = new Map<string, number>();
  for (const diagnostic of before) {
    const key = sameProblemKey(diagnostic);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return after.map((diagnostic) => {
    const key = sameProblemKey(diagnostic);
    const left = counts.get(key) ?? 0;
    if (left === 0) return diagnostic;
    counts.set(key, left - 1);
    return { ...diagnostic, preExisting: true };
  });
}

function sameProblemKey(diagnostic: FileDiagnostic): string {
  return `${diagnostic.severity}\u0000${diagnostic.code ?? ""}\u0000${diagnostic.message}`;
}
