const PASTE_START = "\x1b[200~";
const PASTE_END = "\x1b[201~";

/**
 * A bracketed paste without its final line break: a copied file ends with one, and
 * pi-tui's editor counted it as a line of its own (30 lines showed as `+31 lines`). A
 * final newline does not start another line (as `wc -l` counts). Anything else —
 * typed keys, a paste without a final line break — is returned as it is.
 */
export function withoutFinalLineBreak(data: string): string {
  if (!data.startsWith(PASTE_START) || !data.endsWith(PASTE_END)) return data;
  const content = data.slice(PASTE_START.length, -PASTE_END.length);
  const trimmed = content.replace(/(\r\n|\r|\n)$/, "");
  return trimmed === "" ? data : `${PASTE_START}${trimmed}${PASTE_END}`;
}
