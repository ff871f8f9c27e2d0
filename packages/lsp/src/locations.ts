/** The servers' location and symbol answers as places in files (1-based). */
import { fileURLToPath } from "node:url";

export interface Place {
  file: string;
  line: number;
  column: number;
}

export interface SymbolPlace extends Place {
  name: string;
  kind: string;
}

interface Range {
  start: { line: number; character: number };
}

/** Location, Location[] or LocationLink[] (definition, references) → places. */
export function placesOf(result: unknown): Place[] {
  const items = Array.isArray(result) ? result : result ? [result] : [];
  const places: Place[] = [];
  for (const item of items as Array<Record<string, unknown>>) {
    const uri = (item.uri ?? item.targetUri) as string | undefined;
    const range = (item.targetSelectionRange ?? item.range ?? item.targetRange) as
      | Range
      | undefined;
    if (!uri?.startsWith("file:") || !range) continue;
    places.push({
      file: fileURLToPath(uri),
      line: range.start.line + 1,
      column: range.start.character + 1,
    });
  }
  return places;
}

const SYMBOL_KINDS = [
  "file",
  "module",
  "namespace",
  "package",
  "class",
  "method",
  "property",
  "field",
  "constructor",
  "enum",
  "interface",
  "function",
  "variable",
  "constant",
  "string",
  "number",
  "boolean",
  "array",
  "object",
  "key",
  "null",
  "enum member",
  "struct",
  "event",
  "operator",
  "type parameter",
];

/** DocumentSymbol[] (nested), SymbolInformation[] or WorkspaceSymbol[] → places. */
export function symbolsOf(result: unknown, file: string): SymbolPlace[] {
  const symbols: SymbolPlace[] = [];
  const visit = (items: unknown, prefix: string) => {
    if (!Array.isArray(items)) return;
    for (const item of items as Array<Record<string, unknown>>) {
      const kind = SYMBOL_KINDS[(item.kind as number) - 1] ?? "symbol";
      const name = `${prefix}${String(item.name)}`;
      const location = item.location as { uri?: string; range?: Range } | undefined;
      const range = (item.selectionRange ?? location?.range ?? item.range) as Range | undefined;
      const at = location?.uri?.startsWith("file:") ? fileURLToPath(location.uri) : file;
      if (range)
        symbols.push({
          file: at,
          line: range.start.line + 1,
          column: range.start.character + 1,
          name,
          kind,
        });
      visit(item.children, `${name}.`);
    }
  };
  visit(result, "");
  return symbols;
}
