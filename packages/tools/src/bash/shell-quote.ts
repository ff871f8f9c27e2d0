/** Single-quoted for the shell: `'` becomes `'\''`, so the text is one word, never code. */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}
