/**
 * A command's arguments: the words after `/name`, split like a shell's (double or
 * single quotes keep spaces), and the template's placeholders filled from them.
 */
import { shellQuote } from "@gong/tools";

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
 * given is empty. Inside a `` !`command` `` (`forShell`) each word is single-quoted, so
 * an argument is always data to the command, never a command of its own.
 */
export function fillPlaceholders(template: string, args: string, forShell = false): string {
  const words = splitArguments(args);
  const word = (text: string) => (forShell ? shellQuote(text) : text);
  return template.replace(PLACEHOLDER, (_, which: string) => {
    if (which !== "ARGUMENTS") return word(words[Number(which) - 1] ?? "");
    return forShell ? words.map(shellQuote).join(" ") : args;
  });
}
