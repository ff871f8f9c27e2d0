/**
 * `@path` imports in AGENTS.md / CLAUDE.md, as Claude Code reads them: a `@path` at the
 * start of a line or after white space names a file whose text joins the context after
 * the file that imports it. Relative to the importing file, `~` allowed; never inside a
 * code span or a fenced block (there it is an example, not an import); at most
 * `MAX_IMPORT_DEPTH` levels deep; a file already in the context is not read again
 * (cycles stop). A path outside the allowed roots (the project, settings `allowedPaths`
 * and `--allow-path`, the gong home) is not read, with a warning: a cloned repository's
 * AGENTS.md cannot pull `~/.ssh/id_rsa` into the request. A name that is no file
 * (`@alice`, `@v2`) is text (apps/cli/test/memory-imports.test.ts).
 */
import { realpathSync, statSync } from "node:fs";
import path from "node:path";
import { expandHome, isPathWithin } from "@gong/base";

/** Claude Code's limit. */
export const MAX_IMPORT_DEPTH = 5;

/** `@path` at a line's start or after white space; trailing sentence punctuation is not part of it. */
const IMPORT = /(?:^|(?<=\s))@([^\s`@]+)/g;
const TRAILING_PUNCTUATION = /[.,;:!?)\]]+$/;
const FENCE = /^\s{0,3}(```|~~~)/;

export interface ImportRules {
  /** Folders an import may read from (the project first). */
  roots: readonly string[];
  /** For `~`. */
  home: string;
  /** Reads a context file's text (capped), undefined when it cannot. */
  read: (file: string) => string | undefined;
  warnings: string[];
}

/** The `@path` mentions of `text` outside code spans and fenced blocks, in order. */
export function importMentions(text: string): string[] {
  const found: string[] = [];
  let fenced = false;
  for (const line of text.split("\n")) {
    if (FENCE.test(line)) {
      fenced = !fenced;
      continue;
    }
    if (fenced) continue;
    const prose = line.replace(/(`+)[\s\S]*?\1/g, " ");
    for (const match of prose.matchAll(IMPORT)) {
      const mention = match[1]!.replace(TRAILING_PUNCTUATION, "");
      if (mention !== "" && !found.includes(mention)) found.push(mention);
    }
  }
  return found;
}

/**
 * The files `file` (whose text is `content`) imports, depth first, each as
 * `{path, content}`; `seen` holds the real paths already in the context and grows.
 */
export function resolveImports(
  file: string,
  content: string,
  rules: ImportRules,
  seen: Set<string>,
  depth = 1,
): { path: string; content: string }[] {
  const out: { path: string; content: string }[] = [];
  for (const mention of importMentions(content)) {
    const target = importTarget(mention, file, rules);
    if (target === undefined || seen.has(target.real)) continue;
    if (!rules.roots.some((root) => isPathWithin(realOrSelf(root), target.real))) {
      rules.warnings.push(
        `${file}: import @${mention} was not read: ${target.real} is outside the project and the allowed paths (add it with --allow-path or settings allowedPaths to import it)`,
      );
      continue;
    }
    if (depth > MAX_IMPORT_DEPTH) {
      rules.warnings.push(
        `${file}: import @${mention} was not read: imports nest at most ${MAX_IMPORT_DEPTH} levels deep`,
      );
      continue;
    }
    seen.add(target.real);
    const text = rules.read(target.absolute);
    if (text === undefined) continue;
    out.push({ path: target.absolute, content: text });
    out.push(...resolveImports(target.absolute, text, rules, seen, depth + 1));
  }
  return out;
}

/** The file a mention names, when it is an existing regular file; else undefined (text). */
function importTarget(
  mention: string,
  file: string,
  rules: ImportRules,
): { absolute: string; real: string } | undefined {
  const expanded = expandHome(mention, { home: rules.home });
  if (!expanded.ok) return undefined;
  const absolute = path.resolve(path.dirname(file), expanded.path);
  try {
    if (!statSync(absolute).isFile()) return undefined;
    return { absolute, real: realpathSync(absolute) };
  } catch {
    return undefined;
  }
}

/** The real path of the context file itself, for `seen`. */
export function realOrSelf(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return path.resolve(file);
  }
}
