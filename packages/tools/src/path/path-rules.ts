/**
 * Path rules in Claude Code's form, as `Read(…)`, `Edit(…)` and `Write(…)` permission rules
 * write them: `./x`, `x` and `/x` are relative to the project, `//etc/x` is absolute, `~/x`
 * is in the home folder; `**` crosses folders, `*` and `?` stay within one; a rule without
 * a pattern covers that path and everything below it. A path is judged where it really is
 * too, so a symbolic link to `.env` is `.env` (test/path-rules.test.ts).
 */
import { realpathSync } from "node:fs";
import path from "node:path";
import { isPathWithin } from "@gong/base";

/** Where a rule is read: the project its relative globs start from, and the home folder. */
export interface PathRuleScope {
  cwd: string;
  home: string;
}

/** A `Read(…)` deny rule: its text as written in the settings and its glob. */
export interface HiddenPathRule {
  rule: string;
  glob: string;
}

/**
 * The rule that hides a path from the file tools, or undefined. The path is absolute; it
 * is judged as given and through its real path (symbolic links followed).
 */
export type HiddenPaths = (absolute: string) => string | undefined;

/** Whether `glob` covers `target` (absolute, already resolved as the tools resolve paths). */
export function pathRuleCovers(glob: string, target: string, scope: PathRuleScope): boolean {
  return compilePathRule(glob, scope)(target);
}

/** The rule as a predicate over absolute paths, its glob compiled once. */
function compilePathRule(glob: string, scope: PathRuleScope): (target: string) => boolean {
  const base = ruleBase(glob, scope);
  if (!/[*?]/.test(base)) return (target) => target === base || isPathWithin(base, target);
  const pattern = globRegex(base);
  return (target) => pattern.test(target);
}

/** The absolute path or glob a rule names. */
function ruleBase(glob: string, scope: PathRuleScope): string {
  if (glob.startsWith("//")) return path.resolve(glob.slice(1));
  if (glob.startsWith("~/")) return path.resolve(path.join(scope.home, glob.slice(2)));
  return path.resolve(path.join(scope.cwd, glob.replace(/^\.?\//, "")));
}

/**
 * Where a path really is: its real path, or for a path that does not exist yet, its
 * nearest existing folder's real path plus the rest (a new file through a linked folder).
 */
export function realPathLenient(file: string): string {
  const missing: string[] = [];
  let current = file;
  for (;;) {
    try {
      return path.join(realpathSync.native(current), ...missing.reverse());
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return file;
      missing.push(path.basename(current));
      current = parent;
    }
  }
}

/** `**` crosses folders, `*` and `?` stay within one; everything else is literal. */
function globRegex(glob: string): RegExp {
  let source = "";
  for (let i = 0; i < glob.length; i++) {
    const char = glob[i]!;
    if (char === "*" && glob[i + 1] === "*") {
      const slash = glob[i + 2] === "/";
      source += slash ? "(?:.*/)?" : ".*";
      i += slash ? 2 : 1;
    } else if (char === "*") source += "[^/]*";
    else if (char === "?") source += "[^/]";
    else source += char.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${source}$`);
}

/** The predicate the file tools consult; undefined when no rule hides anything. */
export function hiddenPathsMatcher(
  rules: readonly HiddenPathRule[],
  scope: PathRuleScope,
): HiddenPaths | undefined {
  if (rules.length === 0) return undefined;
  const compiled = rules.map(({ rule, glob }) => ({ rule, covers: compilePathRule(glob, scope) }));
  return (absolute) => {
    const real = realPathLenient(absolute);
    const found = compiled.find(
      ({ covers }) => covers(absolute) || (real !== absolute && covers(real)),
    );
    return found?.rule;
  };
}

/** What a listing left out: the items kept, and the files hidden with the rules that hid them. */
export interface HiddenFromListing<T> {
  kept: T[];
  hiddenFiles: number;
  rules: string[];
}

/** Leaves out the items whose path a rule hides (grep's matches, find's paths, ls's entries). */
export function leaveOutHidden<T>(
  items: readonly T[],
  absoluteOf: (item: T) => string,
  hidden: HiddenPaths | undefined,
): HiddenFromListing<T> {
  if (!hidden) return { kept: [...items], hiddenFiles: 0, rules: [] };
  const kept: T[] = [];
  const files = new Set<string>();
  const rules = new Set<string>();
  const verdicts = new Map<string, string | undefined>();
  for (const item of items) {
    const absolute = absoluteOf(item);
    if (!verdicts.has(absolute)) verdicts.set(absolute, hidden(absolute));
    const rule = verdicts.get(absolute);
    if (rule === undefined) kept.push(item);
    else {
      files.add(absolute);
      rules.add(rule);
    }
  }
  return { kept, hiddenFiles: files.size, rules: [...rules] };
}
