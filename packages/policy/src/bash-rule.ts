/**
 * Bash rules against a command line, matched against what runs, not the words as typed:
 * `commandPrograms` (@gong/tools) names every simple command — inside `$(…)`, `bash -c`,
 * `env X=1 …`, `xargs …`, after quote removal (`'touch' f`, `t\ouch f`). Each way of being
 * wrong fails closed: a deny rule refuses the line when it covers ANY of its commands
 * (`rm:*` refuses `cd x && rm y` and `echo $(rm y)`); an allow rule must cover ALL of them
 * and allows nothing that writes through a redirection or cannot be read fully (`eval`, a
 * variable as the program). A line that cannot be read while a bash deny rule exists is
 * asked about (`unreadableBashLine`; test/permissions/permission-rule.test.ts).
 */
import { commandPrograms, type SimpleCommand } from "@gong/tools";

export interface CommandSpecifier {
  command: string;
  /** `npm test:*`: the command and anything after it; otherwise the command exactly. */
  prefix: boolean;
}

/** Splits where a shell starts another command; every part trimmed, empty ones dropped. */
export function commandParts(command: string): string[] {
  return command
    .split(/&&|\|\||[;|&\n\r]/)
    .map((part) => part.trim())
    .filter((part) => part !== "");
}

/** Text that runs or writes something the parts do not show. */
const HIDDEN = /\$\(|`|<\(|>/;

/**
 * Launchers an allow rule looks through: `timeout 60 npm test` is allowed by
 * `Bash(npm test:*)`. `sudo`, `xargs` and the shells are not among them: what they add
 * (another user, arguments from stdin) is the user's to allow.
 */
const TRANSPARENT = new Set([
  "env",
  "command",
  "builtin",
  "exec",
  "nohup",
  "time",
  "nice",
  "timeout",
  "stdbuf",
  "setsid",
  "ionice",
]);

export function bashCommandMatches(
  specifier: CommandSpecifier,
  command: string,
  mode: "allow" | "deny",
): boolean {
  const programs = commandPrograms(command);
  const ruleWords = specifierWords(specifier.command);
  if (mode === "deny") {
    if (programs.commands.some((found) => commandMatches(ruleWords, specifier, found, true)))
      return true;
    // What could not be read is asked about (judgeCall); its text may still show a denied part.
    return (
      programs.unknown !== undefined &&
      commandParts(command).some((part) => partMatches(specifier, part))
    );
  }
  // An exact rule names the whole line the user saw, hidden parts and all.
  if (!specifier.prefix && command.trim().replace(/\s+/g, " ") === specifier.command) return true;
  if (programs.unknown !== undefined || programs.writesFiles || programs.commands.length === 0)
    return false;
  return programs.commands.every(
    (found) =>
      (found.launcher && TRANSPARENT.has(baseName(found.program))) ||
      commandMatches(ruleWords, specifier, found, false),
  );
}

/**
 * Why a bash command line cannot be read before it runs (`eval`, `$CMD`, text piped into a
 * shell, a parse failure), or undefined when every program in it is known.
 */
export function unreadableBashLine(command: string): string | undefined {
  return commandPrograms(command).unknown;
}

/** A rule's command as words, quotes removed as in the line it is matched against. */
function specifierWords(command: string): string[] {
  const read = commandPrograms(command);
  const only = read.commands[0];
  if (read.unknown === undefined && read.commands.length === 1 && only)
    return [only.program, ...only.args];
  return command.split(/\s+/).filter((word) => word !== "");
}

/** A deny rule also covers the program named by its path (`/usr/bin/touch` for `touch:*`). */
function commandMatches(
  ruleWords: string[],
  { prefix }: CommandSpecifier,
  found: SimpleCommand,
  deny: boolean,
): boolean {
  const candidates = [[found.program, ...found.args]];
  if (deny) candidates.push([baseName(found.program), ...found.args]);
  return candidates.some((words) => {
    if (!prefix && words.length !== ruleWords.length) return false;
    return ruleWords.every((word, index) => words[index] === word);
  });
}

function baseName(program: string): string {
  return program.slice(program.lastIndexOf("/") + 1);
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
