/**
 * `file:line:column: message` — the form editors and terminals turn into links;
 * `file: message` for a problem with the whole file (it cannot be read). A file of its
 * own, without the validator: writing a settings file (`gong mcp add`) reports with it
 * and loads no TypeBox (apps/cli/test/start-modules.test.ts).
 */
export function formatConfigIssue(
  file: string,
  issue: { line?: number; column?: number; message: string },
): string {
  const at = issue.line !== undefined ? `:${issue.line}:${issue.column ?? 1}` : "";
  return `${file}${at}: ${issue.message}`;
}
