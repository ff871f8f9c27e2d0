import { type ConfigPath, type ConfigPosition, formatConfigIssue } from "@gong/config-files";
import { parsePermissionRule } from "./permission-rule.js";
import type { PermissionSettings } from "./permission-rules.js";

/**
 * One `file:line:column` warning per rule of a settings file that cannot be parsed. The
 * rule stays in the settings: a broken deny rule must still make its calls ask
 * (permission-rules.ts), which a dropped one could not.
 */
export function permissionRuleWarnings(
  permissions: PermissionSettings | undefined,
  locate: (path: ConfigPath, part: "key" | "value") => ConfigPosition,
  file: string,
): string[] {
  const warnings: string[] = [];
  for (const list of ["allow", "ask", "deny"] as const) {
    (permissions?.[list] ?? []).forEach((text, index) => {
      const parsed = parsePermissionRule(text);
      if (parsed.ok) return;
      const outcome =
        list !== "allow"
          ? "the calls it may be about are asked about until it is fixed"
          : "it allows nothing until it is fixed";
      const at = locate(["permissions", list, index], "value");
      warnings.push(
        formatConfigIssue(file, {
          ...at,
          message: `permissions.${list}: ${parsed.error}; ${outcome}`,
        }),
      );
    });
  }
  return warnings;
}
