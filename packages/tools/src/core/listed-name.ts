/**
 * A path as one line of a grep, find or ls listing. A name may hold a line break or
 * another control character (a file can be called `a\nb.txt`): written as it is, it
 * posed as two entries (issue 21.18). Such a name is shown JSON-quoted ("a\nb.txt"),
 * the form a model reads back without guessing; `data` keeps the name as it is.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
const CONTROL = /[\u0000-\u001f\u007f]/;

export function listedName(name: string): string {
  return CONTROL.test(name) ? JSON.stringify(name) : name;
}
