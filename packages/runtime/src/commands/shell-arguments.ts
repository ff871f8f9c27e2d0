/**
 * A command's arguments inside a `` !`command` `` of its template. They are never pasted
 * into the command's text: the shell gets them as its own variables — `$1`…`$9` are the
 * words (`set -- …`), `$ARGUMENTS` the whole text — bound before the template's command,
 * which then expands them like any variable, so `$(…)` or backticks in an argument stay
 * text in every quoting context. Pasting quoted text is not safe: `'…'` is literal inside
 * `"…"`, so `git log --grep="$ARGUMENTS"` ran `$(touch pwned)` from the argument
 * (issue 34.4; tests: "prompt commands — an argument never runs").
 *
 * The placeholders are rewritten only where a variable would not give what a text
 * substitution (Claude Code's) gives: unquoted, `$ARGUMENTS` becomes `"$@"` (the words,
 * one argument each) and `$1` becomes `"$1"` (the word, neither split nor globbed); inside
 * single quotes, where nothing expands, `'"$1"'` closes the quotes around the expansion
 * (`'"$1"$'` inside `$'…'`).
 * Each rewrite is safe whichever context the shell is really in (a misread quote can make
 * the result look odd, never run the argument): outside quotes or inside double quotes
 * they are expansions, inside single quotes literal text. What the template itself does
 * with a value stays its own: bash evaluates a value used in arithmetic (`$(( $1 ))`,
 * `[[ $1 -gt 0 ]]`) as an expression, subscripts and all, as it would a pasted one.
 */

import { splitArguments } from "@gong/config-files";
import { shellQuote } from "@gong/tools";

const PLACEHOLDER_AT = /^\$(ARGUMENTS|[1-9])/;

/** Where the lexer is: outside quotes (also inside `$(…)`), in `"…"`, in `'…'` or `$'…'`. */
type Context = { kind: "plain"; parens: number } | { kind: "double" } | { kind: "single" | "ansi" };

/** The command to run: the arguments bound as variables, then the template's command. */
export function commandWithArguments(command: string, args: string): string {
  const set = ["set", "--", ...splitArguments(args).map(shellQuote)].join(" ");
  return `${set}; ARGUMENTS=${shellQuote(args)}; ${placeVariables(command)}`;
}

/** The command with each placeholder written as the expansion its context needs. */
export function placeVariables(command: string): string {
  const stack: Context[] = [{ kind: "plain", parens: 0 }];
  let out = "";
  let at = 0;
  while (at < command.length) {
    const context = stack.at(-1)!;
    const placeholder = PLACEHOLDER_AT.exec(command.slice(at));
    if (placeholder) {
      out += rewrite(placeholder[1]!, context.kind);
      at += placeholder[0].length;
      continue;
    }
    const step = lex(command, at, stack);
    out += command.slice(at, at + step);
    at += step;
  }
  return out;
}

function rewrite(which: string, context: Context["kind"]): string {
  if (context === "double") return `$${which}`;
  if (context === "single") return `'"$${which}"'`;
  if (context === "ansi") return `'"$${which}"$'`;
  return which === "ARGUMENTS" ? '"$@"' : `"$${which}"`;
}

/** Moves the lexer past one character (two for an escape or `$(`); returns how many. */
function lex(command: string, at: number, stack: Context[]): number {
  const context = stack.at(-1)!;
  const char = command[at]!;
  const next = command[at + 1];
  switch (context.kind) {
    case "single":
      if (char === "'") stack.pop();
      return 1;
    case "ansi":
      if (char === "\\") return 2;
      if (char === "'") stack.pop();
      return 1;
    case "double":
      if (char === "\\") return 2;
      if (char === '"') stack.pop();
      else if (char === "$" && next === "(") {
        stack.push({ kind: "plain", parens: 0 });
        return 2;
      }
      return 1;
    case "plain":
      return lexPlain(context, char, next, stack);
  }
}

function lexPlain(
  context: { kind: "plain"; parens: number },
  char: string,
  next: string | undefined,
  stack: Context[],
): number {
  if (char === "\\") return 2;
  if (char === "'") stack.push({ kind: "single" });
  else if (char === '"') stack.push({ kind: "double" });
  else if (char === "$" && next === "'") {
    stack.push({ kind: "ansi" });
    return 2;
  } else if (char === "$" && next === "(") {
    stack.push({ kind: "plain", parens: 0 });
    return 2;
  } else if (char === "(") context.parens++;
  else if (char === ")") {
    if (context.parens > 0) context.parens--;
    else if (stack.length > 1) stack.pop();
  }
  return 1;
}
