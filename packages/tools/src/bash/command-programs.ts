/**
 * Every program a bash command line would run, as a permission rule must see it
 * (test/command-programs.test.ts): the simple commands of command-parser.ts, plus the
 * command each launcher runs — `env [-i] [X=1…] cmd`, `command cmd`, `exec`, `nohup`,
 * `time`, `nice`, `timeout N cmd`, `sudo`, `xargs [opts] cmd`, `find … -exec cmd ;`, and
 * the text of `bash -c` / `sh -c` / `zsh -c`, read again as a command line. What cannot be
 * known before the line runs is said in `unknown`: `eval`, `source`, a variable or a
 * substitution as the program, text piped or redirected into a shell, a parse failure.
 */
import { parseCommandLine, type ShellWord } from "./command-parser.js";

export interface SimpleCommand {
  /** The program as written, after quote removal (`/usr/bin/touch`, `touch`). */
  program: string;
  args: string[];
  /** It only starts the command listed after it (`env X=1`, `timeout 5`, `xargs -0`). */
  launcher: boolean;
  /** An argument holds a variable or a substitution (its source text stands in `args`). */
  dynamicArgs: boolean;
}

export interface CommandPrograms {
  /** Every simple command that would run, those inside substitutions included. */
  commands: SimpleCommand[];
  /** Whether a redirection writes to a file other than /dev/null. */
  writesFiles: boolean;
  /** Why some of what runs cannot be known before it runs; undefined when all of it can. */
  unknown?: string;
}

/** Programs that run text only known when they run. */
const RUNS_TEXT = new Set(["eval", "source", "."]);
const SHELLS = new Set(["bash", "sh", "zsh", "dash", "ksh", "mksh", "ash", "fish", "rbash"]);
/** Words of shell syntax that stand before a command (`if touch f; then …`). */
const RESERVED = new Set(["!", "{", "}", "if", "then", "else", "elif", "fi", "do", "done"]);
const LEADING = new Set(["while", "until"]);
const ASSIGNMENT = /^[A-Za-z_]\w*(\[[^\]]*\])?\+?=/;
/** Beyond this many shells inside shells the line is read as unknowable. */
const MAX_NESTING = 8;
/** Beyond this many launchers in a row (`nohup nohup …`) the line is read as unknowable. */
const MAX_LAUNCHERS = 32;

export function commandPrograms(commandLine: string): CommandPrograms {
  const result: CommandPrograms = { commands: [], writesFiles: false };
  try {
    collect(commandLine, result, 0);
  } catch (error) {
    // A line nested past the stack (`((((…` thousands deep) is unknowable, never a crash.
    if (!(error instanceof RangeError)) throw error;
    markUnknown(result, "it nests too deeply to follow");
  }
  return result;
}

function collect(line: string, result: CommandPrograms, nesting: number): void {
  if (nesting > MAX_NESTING) {
    markUnknown(result, "it nests shells too deeply to follow");
    return;
  }
  const parsed = parseCommandLine(line);
  if (parsed.error) markUnknown(result, `it cannot be parsed: ${parsed.error}`);
  if (parsed.writes.some((target) => target.dynamic || target.text !== "/dev/null"))
    result.writesFiles = true;
  for (const words of parsed.commands) addCommand(commandWords(words), result, nesting);
}

function markUnknown(result: CommandPrograms, reason: string): void {
  result.unknown ??= reason;
}

/** The words from the program on: reserved words and assignments before it left out. */
function commandWords(words: ShellWord[]): ShellWord[] {
  let start = 0;
  for (;;) {
    const word = words[start];
    if (word === undefined) return [];
    const literal = word.raw === word.text;
    if (literal && RESERVED.has(word.text)) start++;
    else if (literal && LEADING.has(word.text)) start++;
    // `coproc NAME { …; }` names the coprocess before its body; `coproc cmd` runs cmd.
    else if (literal && word.text === "coproc") start += words[start + 2]?.raw === "{" ? 2 : 1;
    else if (literal && word.text === "time") start += words[start + 1]?.text === "-p" ? 2 : 1;
    else if (literal && word.text === "function") start += 2;
    else if (literal && ["for", "select", "[[", "]]"].includes(word.text)) return [];
    else if (ASSIGNMENT.test(word.raw)) start++;
    else return words.slice(start);
  }
}

function addCommand(
  words: ShellWord[],
  result: CommandPrograms,
  nesting: number,
  launchers = 0,
): void {
  const [program, ...rest] = words;
  if (!program) return;
  if (launchers > MAX_LAUNCHERS) {
    markUnknown(result, "it chains too many launchers to follow");
    return;
  }
  if (program.raw === "case" || program.raw === "esac") {
    markUnknown(result, "a case statement is not followed");
    return;
  }
  if (program.dynamic) {
    markUnknown(result, `its program ${program.text} is only known when it runs`);
    return;
  }
  if (program.glob && !["[", "[[", "{", "}"].includes(program.text)) {
    markUnknown(result, `its program ${program.text} is a pattern the shell expands`);
    return;
  }
  const command: SimpleCommand = {
    program: program.text,
    args: rest.map((word) => word.text),
    launcher: false,
    dynamicArgs: rest.some((word) => word.dynamic),
  };
  result.commands.push(command);
  const name = baseName(program.text);
  const redefines = redefinition(name, command.args);
  if (redefines) {
    markUnknown(result, redefines);
    return;
  }
  if (name === "trap" || name === "watch" || name === "su") {
    commandText(name, rest, result, nesting);
    return;
  }
  const inner = launched(name, rest, result, nesting);
  if (inner === undefined) return;
  command.launcher = true;
  addCommand(commandWords(inner), result, nesting, launchers + 1);
}

/** Why a builtin makes what later runs unknowable (`eval`, `alias x=…`, `trap 'cmd' EXIT`). */
function redefinition(name: string, args: string[]): string | undefined {
  if (RUNS_TEXT.has(name)) return `${name} runs text that is only known when it runs`;
  if (name === "alias" && args.some((arg) => arg.includes("=")))
    return "alias gives a command another name";

  if (name === "hash" && args.some((arg) => /^-[a-zA-Z]*p/.test(arg)))
    return "hash -p gives a command another program";
  if (name === "enable" && args.length > 0) return "enable loads or changes builtins";
  return undefined;
}

function baseName(program: string): string {
  return program.slice(program.lastIndexOf("/") + 1);
}

/**
 * The words of the command `name` starts, if it starts one. A shell's `-c` text is read
 * here and its commands added to `result` directly (undefined is returned then).
 */
function launched(
  name: string,
  args: ShellWord[],
  result: CommandPrograms,
  nesting: number,
): ShellWord[] | undefined {
  if (SHELLS.has(name)) {
    shellCommands(name, args, result, nesting);
    return undefined;
  }
  if (name === "find") {
    findExecs(args, result, nesting);
    return undefined;
  }
  const launcher = LAUNCHERS[name];
  if (!launcher) return undefined;
  const start = launcher(args, result, nesting);
  return start === undefined || start >= args.length ? undefined : args.slice(start);
}

/** Where a launcher's command starts in its arguments, or undefined when it runs none. */
type Launcher = (args: ShellWord[], result: CommandPrograms, nesting: number) => number | undefined;

/** The index of the first operand after options; `withValue` options take the next word. */
function afterOptions(args: ShellWord[], withValue: string, longWithValue: string[] = []): number {
  let index = 0;
  while (index < args.length) {
    const word = args[index]!.text;
    if (word === "--") return index + 1;
    if (!word.startsWith("-") || word === "-") return index;
    if (word.startsWith("--")) {
      index += longWithValue.includes(word) ? 2 : 1;
      continue;
    }
    // `-n5`: the value is attached; `-n 5`: it is the next word.
    const letters = word.slice(1);
    const valued = [...letters].findIndex((letter) => withValue.includes(letter));
    index += valued !== -1 && valued === letters.length - 1 ? 2 : 1;
  }
  return index;
}

const LAUNCHERS: Record<string, Launcher> = {
  env: (args, result, nesting) => {
    const split = args.findIndex((word) => /^(-S|--split-string)/.test(word.text));
    if (split === -1) {
      let index = afterOptions(args, "uC", ["--unset", "--chdir"]);
      while (index < args.length && ASSIGNMENT.test(args[index]!.text)) index++;
      return index;
    }
    // `env -S 'touch f'`: the text is split into a command, much as a shell would.
    const attached = args[split]!.text.replace(/^(-S|--split-string=?)/, "");
    const text = attached === "" ? args[split + 1] : { ...args[split]!, text: attached };
    if (!text || text.dynamic) markUnknown(result, "env -S splits text only known when it runs");
    else collect(text.text, result, nesting + 1);
    return undefined;
  },
  command: (args) => {
    const start = afterOptions(args, "");
    const inspects = args.slice(0, start).some((word) => /^-[a-zA-Z]*[vV]/.test(word.text));
    return inspects ? undefined : start;
  },
  builtin: () => 0,
  exec: (args) => afterOptions(args, "a"),
  nohup: () => 0,
  setsid: (args) => afterOptions(args, ""),
  time: (args) => afterOptions(args, "fo", ["--format", "--output"]),
  nice: (args) => afterOptions(args, "n", ["--adjustment"]),
  ionice: (args) => afterOptions(args, "cnp"),
  stdbuf: (args) => afterOptions(args, "ioe", ["--input", "--output", "--error"]),
  timeout: (args) => afterOptions(args, "sk", ["--signal", "--kill-after"]) + 1,
  sudo: (args, result) => {
    const start = afterOptions(args, "ugCDhprtTUR", ["--user", "--group", "--chdir", "--prompt"]);
    let index = start;
    while (index < args.length && ASSIGNMENT.test(args[index]!.text)) index++;
    const shell = args.slice(0, start).some((word) => /^-[a-zA-Z]*[si]/.test(word.text));
    if (shell && index >= args.length)
      markUnknown(result, "sudo -s / -i reads commands from stdin");
    return index;
  },
  doas: (args) => afterOptions(args, "uC"),
  xargs: (args) => {
    const start = afterOptions(args, "adEILnPs", [
      "--arg-file",
      "--delimiter",
      "--eof",
      "--replace",
      "--max-lines",
      "--max-args",
      "--max-procs",
      "--max-chars",
    ]);
    return start;
  },
  busybox: () => 0,
};

/**
 * `bash -c 'text'` (options and flags such as `-ec` before it): the text is read again.
 * A shell given no text and no script reads its commands from stdin — a pipe, a
 * here-string, a redirection — which nothing here can see.
 */
function shellCommands(
  name: string,
  args: ShellWord[],
  result: CommandPrograms,
  nesting: number,
): void {
  let index = 0;
  let readsText = false;
  let readsStdin = false;
  while (index < args.length) {
    const word = args[index]!.text;
    if (word === "--" || word === "-") {
      index++;
      break;
    }
    if (!/^[-+]/.test(word)) break;
    if (/^[-+][oO]$/.test(word) || word === "--rcfile" || word === "--init-file") index++;
    else if (/^-[a-zA-Z]*c/.test(word)) readsText = true;
    else if (/^-[a-zA-Z]*s/.test(word)) readsStdin = true;
    index++;
  }
  const operand = args[index];
  if (readsText) {
    if (!operand || operand.dynamic)
      markUnknown(result, `${name} -c runs text only known when it runs`);
    else collect(operand.text, result, nesting + 1);
    return;
  }
  if (readsStdin || !operand)
    markUnknown(
      result,
      `${name} reads its commands from stdin, which cannot be seen before it runs`,
    );
}

/** `find … -exec cmd {} ;` (and -execdir, -ok, -okdir): each cmd up to its `;` or `+`. */
function findExecs(args: ShellWord[], result: CommandPrograms, nesting: number): void {
  for (let index = 0; index < args.length; index++) {
    if (!/^-(exec|execdir|ok|okdir)$/.test(args[index]!.text)) continue;
    const end = args.findIndex(
      (word, at) => at > index && (word.text === ";" || word.text === "+"),
    );
    const words = args.slice(index + 1, end === -1 ? args.length : end);
    addCommand(words, result, nesting);
    if (end === -1) return;
    index = end;
  }
}

/**
 * Programs that run a command given as text: `trap 'cmd' EXIT`, `watch 'cmd'` (its
 * arguments joined, as `sh -c` gets them), `su -c 'cmd'`. The text is read like `bash -c`.
 */
function commandText(
  name: string,
  args: ShellWord[],
  result: CommandPrograms,
  nesting: number,
): void {
  let words: ShellWord[] = [];
  if (name === "trap") {
    const start = afterOptions(args, "");
    if (args.length - start < 2 || args[start]!.text === "-") return;
    words = [args[start]!];
  } else if (name === "watch") {
    words = args.slice(afterOptions(args, "dnqx", ["--interval", "--differences"]));
  } else {
    const flag = args.findIndex((word) => /^(-c|--command)$/.test(word.text));
    const attached = args.find((word) => word.text.startsWith("--command="));
    if (attached) words = [{ ...attached, text: attached.text.slice("--command=".length) }];
    else if (flag !== -1) words = args.slice(flag + 1, flag + 2);
  }
  if (words.length === 0) return;
  if (words.some((word) => word.dynamic))
    markUnknown(result, `${name} runs text only known when it runs`);
  else collect(words.map((word) => word.text).join(" "), result, nesting + 1);
}
