import pc from "picocolors";

/**
 * A small syntax highlighter for code blocks in answers: comments, strings, numbers and
 * the keywords of the languages a coding agent shows most. A full highlighter
 * (highlight.js through cli-highlight) weighs about 1 MB and would load on the first code
 * block; colouring these four kinds is what makes a block readable in a terminal.
 */

const KEYWORDS = new Set(
  (
    "abstract as async await break case catch class const continue def default defer del do " +
    "elif else enum export extends false final finally fn for from func function go if impl " +
    "implements import in interface is let loop match mod module mut new nil not null of or " +
    "package pass private protected pub public raise return self static struct super switch " +
    "this throw trait true try type typeof undefined use var void where while with yield " +
    "and None True False echo fi then esac done local readonly"
  ).split(" "),
);

/** Languages whose comments start with `#` rather than `//`. */
const HASH_COMMENT =
  /^(sh|bash|zsh|shell|console|python|py|ruby|rb|yaml|yml|toml|make|makefile|dockerfile|r|perl|pl|ini|conf)$/i;

/** Plain text stays plain (a diff, a log, a language we do not know). */
const PLAIN = /^(text|txt|plain|diff|patch|log|output|markdown|md|csv)$/i;

const COMMON = String.raw`"(?:[^"\\]|\\.)*"?|'(?:[^'\\]|\\.)*'?|\`(?:[^\`\\]|\\.)*\`?|\b\d[\d_]*(?:\.\d+)?\b|[A-Za-z_$][\w$]*`;
const SLASH_TOKEN = new RegExp(String.raw`\/\/.*$|\/\*.*?\*\/|${COMMON}`, "g");
const HASH_TOKEN = new RegExp(`#.*$|${COMMON}`, "g");

/** One coloured line per line of `code`. */
export function highlightCode(code: string, lang?: string): string[] {
  const lines = code.split("\n");
  if (lang !== undefined && PLAIN.test(lang)) return lines;
  const hashComments = lang !== undefined && HASH_COMMENT.test(lang);
  return lines.map((line) => highlightLine(line, hashComments));
}

function highlightLine(line: string, hashComments: boolean): string {
  return line.replace(hashComments ? HASH_TOKEN : SLASH_TOKEN, (token) => {
    const first = token[0]!;
    if (first === "#" || token.startsWith("//") || token.startsWith("/*")) return pc.dim(token);
    if (first === '"' || first === "'" || first === "`") return pc.green(token);
    if (/\d/.test(first)) return pc.yellow(token);
    if (KEYWORDS.has(token)) return pc.magenta(token);
    return token;
  });
}
