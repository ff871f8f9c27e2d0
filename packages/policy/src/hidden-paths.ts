import type { HiddenPathRule } from "@gong/tools";
import { parsePermissionRule } from "./permission-rule.js";
import type { PermissionSettings } from "./permission-rules.js";

/**
 * The `Read(…)` deny rules with a path, for the file tools' `hidden` predicate
 * (@gong/tools path-rules.ts): read refuses those files, grep skips them, find and ls leave
 * them out — for the model, its subagents (which share its tools) and `@path` alike
 * (apps/cli/test/read-deny-rules.test.ts). A `Read` rule without a path denies the tools
 * outright (permission-rules.ts); a broken one makes their calls ask.
 */
export function readDenyRules(permissions: PermissionSettings | undefined): HiddenPathRule[] {
  const rules: HiddenPathRule[] = [];
  for (const text of permissions?.deny ?? []) {
    const parsed = parsePermissionRule(text);
    if (!parsed.ok || !parsed.rule.tools.includes("read")) continue;
    const specifier = parsed.rule.specifier;
    if (specifier?.kind === "path") rules.push({ rule: parsed.rule.text, glob: specifier.glob });
  }
  return rules;
}
