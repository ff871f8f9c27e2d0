/**
 * A bash command line read as bash reads it, far enough to name every simple command in
 * it: the words of each command after quote removal, including the commands inside
 * `$(…)`, backticks, `${…}`, `$((…))`, `$[…]`, `<(…)`, `>(…)`, here-strings and here-document
 * bodies, at any depth. It does not run or expand anything: a word that holds a variable or
 * a substitution is marked `dynamic` (its text is the source text), one with an unquoted
 * `*`, `?`, `[` or `{` is marked `glob`. Wrappers (`env`, `xargs`, `bash -c` …) are
 * command-programs.ts's job. A carriage return separates commands here although bash reads
 * it as a letter: naming a command too many only makes a deny rule stricter
 * (test/command-programs.test.ts).
 */

import { decodeAnsiEscape } from "./ansi-c-quote.js";

export interface ShellWord {
  /** The word after quote removal; the source text of its dynamic parts. */
  text: string;
  /** The word as written. */
  raw: string;
  /** Holds a variable or a substitution: its value is known only when it runs. */
  dynamic: boolean;
  /** Holds an unquoted `*`, `?`, `[` or `{`: the shell may turn it into other words. */
  glob: boolean;
}

export interface ParsedCommandLine {
  /** Every simple command's words, inner ones (substitutions) before the command holding them. */
  commands: ShellWord[][];
  /** Targets of redirections that write (`>`, `>>`, `&>`, `<>`, `>|`). */
  writes: ShellWord[];
  /** Why the line cannot be read as bash would, when it cannot. */
  error?: string;
}

const BLANK = new Set([" ", "\t"]);
const ENDS_WORD = new Set([" ", "\t", "\n", "\r", ";", "&", "|", "(", ")", "<", ">"]);
const REDIRECTION = /^(?:\d+|\{[A-Za-z_]\w*\})?(<<<|<<-|<<|<>|<&|>&|>>|>\||&>>|&>|<|>)/;
const WRITING = new Set([">", ">>", ">|", "&>", "&>>", "<>", ">&"]);
/** Deeper nesting than any hand-written command: read as unknowable rather than recursed into. */
const MAX_DEPTH = 24;
/** Subshells, substitutions and braces open at once within one text, at most. */
const MAX_OPEN = 200;

class ParseError extends Error {}

/** The word before a `(` is `name=` (or `name+=`), written right before it. */
function isArrayAssignment(words: ShellWord[], before: string | undefined): boolean {
  const last = words.at(-1);
  return before === "=" && last !== undefined && /^[A-Za-z_]\w*\+?=$/.test(last.raw);
}

interface Heredoc {
  delimiter: string;
  expand: boolean;
  stripTabs: boolean;
}

class Parser {
  pos = 0;
  private readonly heredocs: Heredoc[] = [];
  private open = 0;

  constructor(
    private readonly src: string,
    private readonly out: ParsedCommandLine,
    private readonly depth: number,
  ) {
    if (depth > MAX_DEPTH) throw new ParseError("it nests substitutions too deeply to follow");
  }

  private get char(): string | undefined {
    return this.src[this.pos];
  }

  /** Commands until `end` (`)` of a subshell or substitution) or the end of the text. */
  parseList(end: ")" | undefined): void {
    this.nest(() => this.parseListBody(end));
  }

  /** Runs one nested part, refusing nesting deeper than any hand-written line. */
  private nest(part: () => void): void {
    if (this.open >= MAX_OPEN) throw new ParseError("it nests too deeply to follow");
    this.open++;
    try {
      part();
    } finally {
      this.open--;
    }
  }

  private parseListBody(end: ")" | undefined): void {
    for (;;) {
      this.skipBlanks();
      const c = this.char;
      if (c === undefined) {
        if (end) throw new ParseError(`a "(" or "$(" is never closed`);
        return;
      }
      if (c === ")") {
        if (!end) throw new ParseError(`a ")" closes nothing`);
        this.pos++;
        return;
      }
      if (c === "\n") {
        this.pos++;
        this.readHeredocBodies();
      } else if (c === "\r" || c === ";" || c === "&" || c === "|") this.pos++;
      else if (c === "#") this.skipComment();
      else if (c === "(" && this.src[this.pos + 1] === "(") this.parseDoubleParen();
      else if (c === "(") {
        this.pos++;
        this.parseList(")");
      } else this.parseSimpleCommand();
    }
  }

  /** `((…))` is arithmetic; `((cmd) )`, which arithmetic cannot close, is two subshells (as bash reads it). */
  private parseDoubleParen(): void {
    const start = this.pos;
    const found = this.out.commands.length;
    try {
      this.pos += 2;
      this.nest(() => this.scanArithmetic("))"));
    } catch (error) {
      if (!(error instanceof ParseError)) throw error;
      this.pos = start + 1;
      this.out.commands.length = found;
      this.parseList(")");
    }
  }

  private skipBlanks(): void {
    for (;;) {
      const c = this.char;
      if (c !== undefined && BLANK.has(c)) this.pos++;
      else if (c === "\\" && this.src[this.pos + 1] === "\n") this.pos += 2;
      else return;
    }
  }

  private skipComment(): void {
    while (this.char !== undefined && this.char !== "\n") this.pos++;
  }

  private parseSimpleCommand(): void {
    const words: ShellWord[] = [];
    for (;;) {
      this.skipBlanks();
      const c = this.char;
      const redirectsBoth = c === "&" && this.src[this.pos + 1] === ">";
      if (c === undefined || ("\n\r;&|)".includes(c) && !redirectsBoth)) break;
      if (c === "#") {
        this.skipComment();
        break;
      }
      if (c === "(") {
        if (isArrayAssignment(words, this.src[this.pos - 1])) {
          this.parseArrayValues();
          continue;
        }
        // `name() { …; }`: a function's definition; its body follows as a command of its own.
        const named = words.length === 1 || (words.length === 2 && words[0]!.raw === "function");
        if (named && this.src[this.pos + 1] === ")") {
          this.pos += 2;
          words.length = 0;
          continue;
        }
        throw new ParseError(`a "(" stands where bash expects a word`);
      }
      const redirection = this.isProcessSubstitution()
        ? undefined
        : REDIRECTION.exec(this.src.slice(this.pos));
      if (redirection) {
        this.parseRedirection(redirection[0], redirection[1]!);
        continue;
      }
      words.push(this.parseWord());
    }
    if (words.length > 0) this.out.commands.push(words);
  }

  /** `arr=(a "b c" $(cmd))`: the values are words; their substitutions still run. */
  private parseArrayValues(): void {
    this.pos++;
    for (;;) {
      this.skipBlanks();
      const c = this.char;
      if (c === undefined) throw new ParseError('an array\'s "(" is never closed');
      if (c === ")") {
        this.pos++;
        return;
      }
      if (c === "\n") this.pos++;
      else this.parseWord();
    }
  }

  private isProcessSubstitution(): boolean {
    return (this.char === "<" || this.char === ">") && this.src[this.pos + 1] === "(";
  }

  private parseRedirection(text: string, operator: string): void {
    this.pos += text.length;
    this.skipBlanks();
    if (this.char === undefined || "\n\r;&|)".includes(this.char))
      throw new ParseError(`the redirection ${operator} has no target`);
    const target = this.parseWord();
    if (operator === "<<" || operator === "<<-") {
      const quoted = /['"\\]/.test(target.raw);
      this.heredocs.push({
        delimiter: target.text,
        expand: !quoted,
        stripTabs: operator === "<<-",
      });
      return;
    }
    const duplicate = (operator === ">&" || operator === "<&") && /^(\d+-?|-)$/.test(target.text);
    if (WRITING.has(operator) && !duplicate) this.out.writes.push(target);
  }

  /** After a line break: the bodies of the here-documents of the line before. */
  private readHeredocBodies(): void {
    for (const doc of this.heredocs.splice(0)) {
      let body = "";
      for (;;) {
        if (this.pos >= this.src.length) break; // bash runs a body cut off at the end, and warns
        const lineEnd = this.src.indexOf("\n", this.pos);
        const stop = lineEnd === -1 ? this.src.length : lineEnd;
        const line = this.src.slice(this.pos, stop);
        this.pos = Math.min(stop + 1, this.src.length);
        if ((doc.stripTabs ? line.replace(/^\t+/, "") : line) === doc.delimiter) break;
        body += `${line}\n`;
      }
      if (doc.expand) new Parser(body, this.out, this.depth + 1).scanExpansions();
    }
  }

  /** A here-document body: only `$…` and backticks mean anything in it. */
  scanExpansions(): void {
    while (this.pos < this.src.length) {
      const c = this.char;
      if (c === "\\") this.pos += 2;
      else if (c === "$") this.parseDollar();
      else if (c === "`") this.parseBackticks(false);
      else this.pos++;
    }
  }

  private parseWord(): ShellWord {
    const start = this.pos;
    const word = { text: "", raw: "", dynamic: false, glob: false };
    for (;;) {
      const c = this.char;
      if (c === undefined) break;
      if (ENDS_WORD.has(c) && !this.isProcessSubstitution()) break;
      if (this.isProcessSubstitution()) {
        const from = this.pos;
        this.pos += 2;
        this.parseList(")");
        this.addDynamic(word, from);
      } else if (c === "\\") {
        const next = this.src[this.pos + 1];
        this.pos += 2;
        if (next === undefined) word.text += "\\";
        else if (next !== "\n") word.text += next;
      } else if (c === "'") {
        word.text += this.readSingleQuoted();
      } else if (c === "$" && this.src[this.pos + 1] === "'") {
        this.pos += 2;
        word.text += this.readAnsiC();
      } else if (c === '"' || (c === "$" && this.src[this.pos + 1] === '"')) {
        this.pos += c === "$" ? 2 : 1;
        this.readDoubleQuoted(word);
      } else if (c === "$" || c === "`") {
        const from = this.pos;
        if (c === "$") this.parseDollar();
        else this.parseBackticks(false);
        this.addDynamic(word, from);
      } else {
        if ("*?[{".includes(c)) word.glob = true;
        word.text += c;
        this.pos++;
      }
    }
    word.raw = this.src.slice(start, this.pos);
    return word;
  }

  private addDynamic(word: ShellWord, from: number): void {
    word.text += this.src.slice(from, this.pos);
    word.dynamic = true;
  }

  private readSingleQuoted(): string {
    const close = this.src.indexOf("'", this.pos + 1);
    if (close === -1) throw new ParseError("a ' quote is never closed");
    const text = this.src.slice(this.pos + 1, close);
    this.pos = close + 1;
    return text;
  }

  /** `$'…'`, with its escapes decoded (`$'\x74ouch'` is `touch`). */
  private readAnsiC(): string {
    let text = "";
    for (;;) {
      const c = this.char;
      if (c === undefined) throw new ParseError("a $' quote is never closed");
      this.pos++;
      if (c === "'") return text;
      if (c !== "\\") {
        text += c;
        continue;
      }
      const [decoded, used] = decodeAnsiEscape(this.src, this.pos);
      text += decoded;
      this.pos += used;
    }
  }

  private readDoubleQuoted(word: ShellWord): void {
    for (;;) {
      const c = this.char;
      if (c === undefined) throw new ParseError('a " quote is never closed');
      if (c === '"') {
        this.pos++;
        return;
      }
      if (c === "\\") {
        const next = this.src[this.pos + 1];
        this.pos += 2;
        if (next === undefined) throw new ParseError('a " quote is never closed');
        if (next === "\n") continue;
        word.text += '$`"\\'.includes(next) ? next : `\\${next}`;
      } else if (c === "$" || c === "`") {
        const from = this.pos;
        if (c === "$") this.parseDollar();
        else this.parseBackticks(true);
        this.addDynamic(word, from);
      } else {
        word.text += c;
        this.pos++;
      }
    }
  }

  /** At a `$`: a substitution, a variable, or (followed by nothing of those) a `$`. */
  private parseDollar(): void {
    const next = this.src[this.pos + 1];
    if (next === "(" && this.src[this.pos + 2] === "(") {
      const start = this.pos;
      const found = this.out.commands.length;
      try {
        this.pos += 3;
        this.nest(() => this.scanArithmetic("))"));
        return;
      } catch (error) {
        if (!(error instanceof ParseError)) throw error;
        // `$((cmd) …)`: a command substitution that starts with a subshell.
        this.pos = start;
        this.out.commands.length = found;
      }
    }
    if (next === "(") {
      this.pos += 2;
      this.parseList(")");
    } else if (next === "{") {
      this.pos += 2;
      this.nest(() => this.scanBraces());
    } else if (next === "[") {
      this.pos += 2;
      this.nest(() => this.scanArithmetic("]"));
    } else if (next !== undefined && /[A-Za-z_]/.test(next)) {
      this.pos++;
      while (this.char !== undefined && /\w/.test(this.char)) this.pos++;
    } else if (next !== undefined && /[0-9@*#?$!-]/.test(next)) this.pos += 2;
    else this.pos++;
  }

  /** `${…}`: a parameter, whose default or pattern may hold substitutions. */
  private scanBraces(): void {
    let depth = 1;
    for (;;) {
      const c = this.char;
      if (c === undefined) throw new ParseError('a "${" is never closed');
      if (c === "}" && --depth === 0) {
        this.pos++;
        return;
      }
      if (c === "{") depth++;
      if (c === "\\") this.pos += 2;
      else if (c === "'") this.readSingleQuoted();
      else if (c === '"') {
        this.pos++;
        this.readDoubleQuoted({ text: "", raw: "", dynamic: false, glob: false });
      } else if (c === "$") this.parseDollar();
      else if (c === "`") this.parseBackticks(false);
      else this.pos++;
    }
  }

  /** `((…))`, `$((…))` or `$[…]` up to its `close`; substitutions inside still run. */
  private scanArithmetic(close: "))" | "]"): void {
    let depth = 0;
    for (;;) {
      const c = this.char;
      if (c === undefined) throw new ParseError("an arithmetic expression is never closed");
      if (depth === 0 && this.src.startsWith(close, this.pos)) {
        this.pos += close.length;
        return;
      }
      if (c === "(" || c === "[") depth++;
      else if (c === ")" || c === "]") {
        if (depth === 0) throw new ParseError("an arithmetic expression closes unevenly");
        depth--;
      }
      if (c === "$") this.parseDollar();
      else if (c === "`") this.parseBackticks(false);
      else if (c === "\\") this.pos += 2;
      else this.pos++;
    }
  }

  /** `` `…` ``: the text between, with its own backslash rules, read as a command line. */
  private parseBackticks(inDoubleQuotes: boolean): void {
    let inner = "";
    this.pos++;
    for (;;) {
      const c = this.char;
      if (c === undefined) throw new ParseError("a ` backtick is never closed");
      this.pos++;
      if (c === "`") break;
      const next = this.char;
      const escapes = inDoubleQuotes ? '$`\\"' : "$`\\";
      if (c === "\\" && next !== undefined && escapes.includes(next)) {
        inner += next;
        this.pos++;
      } else inner += c;
    }
    const parser = new Parser(inner, this.out, this.depth + 1);
    parser.parseList(undefined);
  }
}

/** Every simple command of a bash command line, or why it cannot be read. */
export function parseCommandLine(line: string, depth = 0): ParsedCommandLine {
  const out: ParsedCommandLine = { commands: [], writes: [] };
  try {
    new Parser(line, out, depth).parseList(undefined);
  } catch (error) {
    if (!(error instanceof ParseError)) throw error;
    out.error = error.message;
  }
  return out;
}
