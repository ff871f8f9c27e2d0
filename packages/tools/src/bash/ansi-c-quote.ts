/**
 * bash's `$'…'` quoting: the escapes it decodes, so `$'\x74ouch'` reads as `touch`
 * (test/command-programs.test.ts).
 */

/** One escape of `$'…'` after its backslash at `at`: the text and how many characters it used. */
export function decodeAnsiEscape(src: string, at: number): [string, number] {
  const c = src[at];
  const simple: Record<string, string> = {
    a: "\x07",
    b: "\b",
    e: "\x1b",
    E: "\x1b",
    f: "\f",
    n: "\n",
    r: "\r",
    t: "\t",
    v: "\v",
    "\\": "\\",
    "'": "'",
    '"': '"',
    "?": "?",
  };
  if (c === undefined) return ["\\", 0];
  if (simple[c] !== undefined) return [simple[c]!, 1];
  const numeric: [RegExp, number][] = [
    [/^x([0-9a-fA-F]{1,2})/, 16],
    [/^u([0-9a-fA-F]{1,4})/, 16],
    [/^U([0-9a-fA-F]{1,8})/, 16],
    [/^([0-7]{1,3})/, 8],
  ];
  for (const [pattern, radix] of numeric) {
    const found = pattern.exec(src.slice(at, at + 9));
    if (found) {
      const code = Number.parseInt(found[1]!, radix);
      const text = code <= 0x10ffff ? String.fromCodePoint(code) : "";
      return [text, found[0].length];
    }
  }
  if (c === "c" && src[at + 1] !== undefined) {
    return [String.fromCharCode(src[at + 1]!.toUpperCase().charCodeAt(0) ^ 0x40), 2];
  }
  return [`\\${c}`, 1];
}
