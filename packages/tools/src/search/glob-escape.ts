/** A literal path inside a glob: `*`, `?`, `[`, `]`, `{`, `}` and `\` match themselves. */
export function escapeGlob(text: string): string {
  return text.replace(/[*?[\]{}\\]/g, "\\$&");
}
