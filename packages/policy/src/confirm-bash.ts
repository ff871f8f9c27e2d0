/**
 * Settings `confirmBash`, read as `permissions.ask` rules in regex syntax (README
 * "Permissions", step 3): a bash call is asked about when a pattern (a regex,
 * case-sensitive, matched anywhere) matches the line as typed or any command that runs
 * in it, as `commandPrograms` (@gong/tools) reads them — `bash -c "touch f"`,
 * `echo f | xargs touch`, `t\ouch f` all run `touch f`. Like an ask rule it beats an
 * allow rule, and "always" answers it for that exact call only
 * (apps/cli/test/permission-rules.test.ts "confirmBash is an ask rule").
 */
import { commandPrograms } from "@gong/tools";

/** A pattern and what it matches. */
export interface BashPattern {
  source: string;
  /** The rule's name in a question: `confirmBash /…/`. */
  label: string;
  test: (text: string) => boolean;
}

/**
 * The patterns of settings `confirmBash`. A pattern that does not compile matches every
 * command: a typo in a guard asks too often rather than never (STYLE "Security paths fail
 * closed"); it is one warning.
 */
export function compileConfirmBash(
  patterns: readonly string[] | undefined,
  warn: (message: string) => void,
): BashPattern[] {
  return (patterns ?? []).map((source) => {
    const label = `confirmBash /${source}/`;
    try {
      const regex = new RegExp(source);
      return { source, label, test: (text) => regex.test(text) };
    } catch (error) {
      warn(
        `settings confirmBash: /${source}/ is not a regular expression (${(error as Error).message}); every bash command needs confirmation until it is fixed`,
      );
      return { source, label, test: () => true };
    }
  });
}

/** The first pattern that matches the line or one of the commands it runs. */
export function matchConfirmBash(
  patterns: readonly BashPattern[],
  command: string,
): BashPattern | undefined {
  if (patterns.length === 0) return undefined;
  const texts = [command];
  for (const found of commandPrograms(command).commands) {
    texts.push([found.program, ...found.args].join(" "));
    const base = found.program.slice(found.program.lastIndexOf("/") + 1);
    if (base !== found.program) texts.push([base, ...found.args].join(" "));
  }
  return patterns.find((pattern) => texts.some((text) => pattern.test(text)));
}
