/**
 * The `lsp` tool: definitions, references, hover, symbols and diagnostics from the
 * project's language servers, through the path policy, on the tool envelope. Positions
 * are 1-based, like the read tool's line numbers.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createPathPolicy, failure, success, type Tool } from "@gong/tools";
import { Type } from "@sinclair/typebox";
import type { LanguageServerClient } from "./client.js";
import { fromProtocol } from "./diagnostic.js";
import { diagnosticLine } from "./diagnostics-block.js";
import type { LanguageServers } from "./language-servers.js";
import { type Place, placesOf, symbolsOf } from "./locations.js";

export const LSP_OPERATIONS = [
  "definition",
  "references",
  "hover",
  "symbols",
  "diagnostics",
] as const;
/** Places listed at most; the rest are counted. */
const MAX_PLACES = 100;

const lspParameters = Type.Object({
  operation: Type.Union(
    LSP_OPERATIONS.map((operation) => Type.Literal(operation)),
    { description: "definition | references | hover | symbols | diagnostics" },
  ),
  path: Type.String({
    description: "The file (for symbols with query: any file of the language).",
  }),
  line: Type.Optional(
    Type.Integer({ minimum: 1, description: "1-based line (definition, references, hover)." }),
  ),
  character: Type.Optional(
    Type.Integer({ minimum: 1, description: "1-based column of the symbol on that line." }),
  ),
  query: Type.Optional(
    Type.String({ description: "symbols only: search the whole workspace for this name." }),
  ),
});

export interface LspToolOptions {
  cwd: string;
  allowedRoots?: readonly string[];
  servers: LanguageServers;
  /** How long one request may take (a hung server never holds the call longer). */
  boundMs: number;
}

export function createLspTool(options: LspToolOptions): Tool<typeof lspParameters> {
  const policy = createPathPolicy({ root: options.cwd, allowedRoots: options.allowedRoots ?? [] });
  return {
    name: "lsp",
    label: "Language server",
    readOnly: true,
    description:
      "Ask the project's language server (TypeScript, Python, Go, Rust, or one from settings). " +
      "operation: definition | references | hover (need line and character, 1-based like read's line numbers), " +
      "symbols (the file's outline, or with query: matching symbols of the whole workspace), " +
      "diagnostics (the file's errors and warnings now). Prefer it over grep to find where a symbol is defined or used.",
    parameters: lspParameters,
    async execute(params, context) {
      const resolved = await policy.resolve(params.path, context.cwd, { access: "read" });
      if (!resolved.ok) return resolved.response;
      const { display, real } = resolved;
      if (!resolved.exists)
        return failure("NOT_FOUND", `File not found: ${display}`, {
          pathResolved: display,
          next: [`find(pattern: "**/${path.basename(display)}") to locate it.`],
        });
      if (!options.servers.handles(real))
        return failure("INVALID_PARAM", `No language server handles ${display}`, {
          pathResolved: display,
          next: ["/lsp lists the servers and their file extensions; grep finds text in any file."],
        });
      const needsPosition = ["definition", "references", "hover"].includes(params.operation);
      if (needsPosition && (params.line === undefined || params.character === undefined))
        return failure("INVALID_PARAM", `${params.operation} needs line and character (1-based)`, {
          pathResolved: display,
          next: [
            `read(path: "${display}") to find the symbol's line, then lsp(operation: "${params.operation}", path: "${display}", line: <line>, character: <column of the symbol>).`,
          ],
        });
      const position = { line: (params.line ?? 1) - 1, character: (params.character ?? 1) - 1 };
      const answer = await options.servers.query(
        real,
        options.boundMs,
        (client, uri, remainingMs) =>
          ask(client, uri, params.operation, position, params.query, {
            ...options,
            boundMs: remainingMs,
          }),
      );
      if (!answer || answer.answer === undefined)
        return failure(
          "TIMEOUT",
          `The language server gave no answer for ${display} within ${options.boundMs} ms`,
          {
            pathResolved: display,
            next: ["/lsp shows whether the server runs; grep finds the symbol by name meanwhile."],
          },
        );
      return success(
        { operation: params.operation, server: answer.server, ...answer.answer.data },
        answer.answer.text,
        { pathResolved: display },
      );
    },
  };
}

interface Answer {
  text: string;
  data: Record<string, unknown>;
}

async function ask(
  client: LanguageServerClient,
  uri: string,
  operation: (typeof LSP_OPERATIONS)[number],
  position: { line: number; character: number },
  query: string | undefined,
  options: LspToolOptions,
): Promise<Answer | undefined> {
  const textDocument = { uri };
  const bound = options.boundMs;
  switch (operation) {
    case "definition":
    case "references": {
      const result =
        operation === "definition"
          ? await client.request("textDocument/definition", { textDocument, position }, bound)
          : await client.request(
              "textDocument/references",
              { textDocument, position, context: { includeDeclaration: true } },
              bound,
            );
      if (result === undefined) return undefined;
      return placesAnswer(operation, placesOf(result), options.cwd);
    }
    case "hover": {
      const result = await client.request("textDocument/hover", { textDocument, position }, bound);
      if (result === undefined) return undefined;
      const text = hoverText(result);
      return { text: text || "No hover information at that position.", data: { hover: text } };
    }
    case "symbols": {
      const result =
        query !== undefined
          ? await client.request("workspace/symbol", { query }, bound)
          : await client.request("textDocument/documentSymbol", { textDocument }, bound);
      if (result === undefined) return undefined;
      const symbols = symbolsOf(result, fileURLToPath(uri));
      const shown = symbols
        .slice(0, MAX_PLACES)
        .map(
          (symbol) =>
            `${relative(symbol.file, options.cwd)}:${symbol.line}:${symbol.column} ${symbol.kind} ${symbol.name}`,
        );
      const more =
        symbols.length > MAX_PLACES ? [`... and ${symbols.length - MAX_PLACES} more symbols.`] : [];
      return {
        text: symbols.length === 0 ? "No symbols found." : [...shown, ...more].join("\n"),
        data: {
          symbols: symbols
            .slice(0, MAX_PLACES)
            .map((s) => ({ ...s, file: relative(s.file, options.cwd) })),
        },
      };
    }
    case "diagnostics": {
      const file = fileURLToPath(uri);
      const change = await options.servers.afterChange(file, undefined);
      const published = client.diagnosticsOf(uri)?.diagnostics ?? [];
      const diagnostics = published.map((d) => fromProtocol(file, d));
      if (change && !change.complete && published.length === 0) return undefined;
      return {
        text:
          diagnostics.length === 0
            ? `No diagnostics in ${relative(file, options.cwd)}.`
            : diagnostics.map((d) => diagnosticLine(d, options.cwd)).join("\n"),
        data: {
          diagnostics: diagnostics.map((d) => ({ ...d, file: relative(d.file, options.cwd) })),
        },
      };
    }
  }
}

async function placesAnswer(operation: string, places: Place[], cwd: string): Promise<Answer> {
  if (places.length === 0)
    return {
      text: `No ${operation === "definition" ? "definition" : "references"} found at that position.`,
      data: { matches: [] },
    };
  const matches = [];
  for (const place of places.slice(0, MAX_PLACES)) {
    const text = await lineOf(place.file, place.line);
    matches.push({ file: relative(place.file, cwd), line: place.line, column: place.column, text });
  }
  const lines = matches.map((m) => `${m.file}:${m.line}:${m.column}: ${m.text.trim()}`);
  if (places.length > MAX_PLACES) lines.push(`... and ${places.length - MAX_PLACES} more.`);
  return { text: lines.join("\n"), data: { matches } };
}

async function lineOf(file: string, line: number): Promise<string> {
  const text = await readFile(file, "utf8").catch(() => "");
  return (text.split("\n")[line - 1] ?? "").slice(0, 300);
}

function hoverText(result: unknown): string {
  const contents = (result as { contents?: unknown } | null)?.contents;
  const part = (value: unknown): string =>
    typeof value === "string" ? value : ((value as { value?: string } | null)?.value ?? "");
  return (Array.isArray(contents) ? contents.map(part) : [part(contents)])
    .filter(Boolean)
    .join("\n\n");
}

function relative(file: string, cwd: string): string {
  const rel = path.relative(cwd, file);
  return rel.startsWith("..") || path.isAbsolute(rel) ? file : rel.split(path.sep).join("/");
}
