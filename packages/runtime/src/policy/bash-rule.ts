/**
 * Bash rules against a command line. A command is split at `&&`, `||`, `;`, `|`, `&`
 * and line breaks, textually (quotes are not understood), and each way of being wrong
 * fails closed: an allow rule must cover every part and allows nothing with `$(`,
 * backticks or a redirection in it (`npm test:*` never allows `npm test && rm -rf ~`);
 * a deny rule refuses the command when it covers any part (`rm:*` refuses `cd x && rm y`).
 */

export interface CommandSpecifier {
  command: string;
  /** `npm test:*`: the command and anything after it; otherwise the command exactly. */
  prefix: boolean;
}

/** Splits where a shell starts another command; every part trimmed, empty ones dropped. */
export function commandParts(command: string): string[] {
  return command
    .split(/&&|\|\||[;|&\n]/)
    .map((part) => part.trim())
    .filter((part) => part !== "");
}

/** Text that runs or writes something the parts do not show. */
const HIDDEN = /\$\(|`|<\(|>/;

export function bashCommandMatches(
  specifier: CommandSpecifier,
  command: string,
  mode: "allow" | "deny",
): boolean {
  const parts = commandParts(command);
  if (mode === "deny") {
    return [command.trim(), ...parts].some((part) => partMatches(specifier, part));
  }
  // An exact rule names the whole line the user saw, hidden parts and all.
  if (!specifier.prefix && command.trim().replace(/\s+/g, " ") === specifier.command) return true;
  if (HIDDEN.test(command) || parts.length === 0) return false;
  return parts.every((part) => partMatches(specifier, part));
}

function partMatches({ command, prefix }: CommandSpecifier, part: string): boolean {
  const normalized = part.replace(/\s+/g, " ");
  if (normalized === command) return true;
  return prefix && normalized.startsWith(`${command} `);
}

/**
 * The rule an "always for this project" answer saves for a command, as Claude Code
 * writes it: the program and its subcommand (`npm test --watch` → `npm test:*`,
 * `rm -rf build` → `rm:*`); a command with several parts or hidden commands is saved
 * exactly, so the rule never covers more than the user saw.
 */
export function bashRuleSpecifier(command: string): string {
  const trimmed = command.trim().replace(/\s+/g, " ");
  if (HIDDEN.test(trimmed) || commandParts(trimmed).length !== 1) return trimmed;
  const [program, second] = trimmed.split(" ");
  const subcommand = second !== undefined && /^[a-z][\w:-]*$/i.test(second) ? ` ${second}` : "";
  return `${program}${subcommand}:*`;
}

/**
 * The specifier of a rule that covers exactly this command (whitespace runs read as one
 * space, as the matcher reads them), or undefined when no rule can: a command that ends
 * in `:*` or ` *` (`ls *`) would read back as a prefix rule, covering more than the user saw.
 */
export function exactBashSpecifier(command: string): string | undefined {
  const trimmed = command.trim().replace(/\s+/g, " ");
  if (trimmed === "" || trimmed.endsWith(":*") || trimmed.endsWith(" *")) return undefined;
  return trimmed;
}
