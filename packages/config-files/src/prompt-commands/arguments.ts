/**
 * A command's arguments: the words after `/name`, split like a shell's (double or
 * single quotes keep spaces), and the template's placeholders filled from them.
 */
/** `a "b c" d` → `["a", "b c", "d"]`; an unclosed quote runs to the end. */
export function splitArguments(args: string): string[] {
  const words: string[] = [];
  const pattern = /"([^"]*)"?|'([^']*)'?|(\S+)/g;
  for (const match of args.matchAll(pattern)) {
    words.push(match[1] ?? match[2] ?? match[3] ?? "");
  }
  return words;
}

const PLACEHOLDER = /\$(ARGUMENTS|[1-9])/g;

/** Whether the template says where its arguments go. */
export function hasPlaceholders(template: string): boolean {
  return new RegExp(PLACEHOLDER.source).test(template);
}

/**
 * `$ARGUMENTS` becomes everything after the name, `$1`…`$9` the words; a word not
 * given is empty. Text only: inside a `` !`command` `` the shell gets the arguments as
 * variables instead (@gong/runtime commands/shell-arguments.ts), so an argument never runs.
 */
export function fillPlaceholders(template: string, args: string): string {
  const words = splitArguments(args);
  return template.replace(PLACEHOLDER, (_, which: string) =>
    which === "ARGUMENTS" ? args : (words[Number(which) - 1] ?? ""),
  );
}
