/**
 * Asking a server for a file's diagnostics now, instead of waiting for it to publish.
 * Waiting alone cannot tell "still clean" from "slow": typescript-language-server does not
 * publish again when a clean file stays clean (its FileDiagnostics.update returns early),
 * so every clean edit waited out the whole bound (bench/src/lsp.mjs found it). Two ways:
 * a server that offers pull diagnostics (`textDocument/diagnostic`) is asked that; the
 * TypeScript server is asked through its `typescript.tsserverRequest` command for
 * tsserver's syntactic and semantic diagnostics, which tsserver answers after the change
 * it was sent before. Any other server: `undefined`, and the caller waits for a publication.
 */
import type { Diagnostic } from "vscode-languageserver-protocol";
import type { LanguageServerClient } from "./client.js";
import { type FileDiagnostic, fromProtocol } from "./diagnostic.js";

const TSSERVER_REQUEST = "typescript.tsserverRequest";

/** tsserver's own diagnostic shape (1-based line and offset). */
interface TsserverDiagnostic {
  start: { line: number; offset: number };
  text: string;
  code?: number;
  category?: string;
}

export async function pullDiagnostics(
  client: LanguageServerClient,
  file: string,
  uri: string,
  boundMs: number,
): Promise<FileDiagnostic[] | undefined> {
  if (client.offersPullDiagnostics()) {
    const report = (await client.request(
      "textDocument/diagnostic",
      { textDocument: { uri } },
      boundMs,
    )) as { kind?: string; items?: Diagnostic[] } | undefined | null;
    if (report?.kind !== "full" || !Array.isArray(report.items)) return undefined;
    return report.items.map((d) => fromProtocol(file, d));
  }
  if (!client.offersCommand(TSSERVER_REQUEST)) return undefined;
  const deadline = Date.now() + boundMs;
  const found: FileDiagnostic[] = [];
  for (const command of ["syntacticDiagnosticsSync", "semanticDiagnosticsSync"]) {
    const answer = (await client.request(
      "workspace/executeCommand",
      { command: TSSERVER_REQUEST, arguments: [command, { file }] },
      Math.max(0, deadline - Date.now()),
    )) as { body?: TsserverDiagnostic[] } | TsserverDiagnostic[] | undefined | null;
    const body = Array.isArray(answer) ? answer : answer?.body;
    if (!Array.isArray(body)) return undefined;
    for (const d of body) found.push(fromTsserver(file, d));
  }
  return found;
}

function fromTsserver(file: string, diagnostic: TsserverDiagnostic): FileDiagnostic {
  const severity =
    diagnostic.category === "warning"
      ? "warning"
      : diagnostic.category === "suggestion"
        ? "hint"
        : diagnostic.category === "message"
          ? "info"
          : "error";
  return {
    file,
    line: diagnostic.start.line,
    column: diagnostic.start.offset,
    severity,
    ...(diagnostic.code !== undefined ? { code: `TS${diagnostic.code}` } : {}),
    message: diagnostic.text,
  };
}
