import path from "node:path";
import { isPathWithin } from "@gong/base";
import { resolveInputPath, toClaudeToolName } from "@gong/tools";
import { bashRuleSpecifier, exactBashSpecifier } from "./bash-rule.js";
import type { RuleScope } from "./permission-rule.js";

const PATH_TOOLS = new Set(["edit", "write", "read", "grep", "find", "ls"]);

/**
 * The rule an "always for this project" answer saves for a call, generalised as Claude
 * Code does: bash → the program and subcommand (`Bash(npm test:*)`); a file tool → that
 * file (`Edit(src/app.ts)`, `//` before a path outside the project); web_fetch → the
 * domain; any other tool (an MCP tool) → its name. Undefined when the call names no
 * path that can be resolved: nothing is saved then.
 *
 * `exact`: the call was put to the user because a guard matched it (a confirmBash
 * pattern, the config-write guard, a hook's `ask`), so the rule names the command as
 * the user saw it (`Bash(rm -rf build)`): `Bash(rm:*)` would let every later `rm` past
 * the user's own guard without a word (confirmation.test.ts "always in this project for a
 * confirmBash match saves the exact command").
 */
export function ruleForCall(
  toolName: string,
  params: Record<string, unknown>,
  scope: RuleScope,
  options: { exact?: boolean } = {},
): string | undefined {
  const name = toClaudeToolName(toolName);
  if (toolName === "bash") {
    const command = typeof params.command === "string" ? params.command.trim() : "";
    if (command === "") return undefined;
    if (!options.exact) return `${name}(${bashRuleSpecifier(command)})`;
    const exact = exactBashSpecifier(command);
    return exact === undefined ? undefined : `${name}(${exact})`;
  }
  if (PATH_TOOLS.has(toolName)) {
    const input = typeof params.path === "string" ? params.path : ".";
    const target = resolveInputPath(input, scope.cwd, scope.home);
    if (!target.ok) return undefined;
    const relative = path.relative(scope.cwd, target.path).split(path.sep).join("/");
    const inside = isPathWithin(scope.cwd, target.path);
    return `${name}(${inside ? relative || "." : `/${target.path}`})`;
  }
  if (toolName === "web_fetch") {
    try {
      return `${name}(domain:${new URL(String(params.url)).hostname})`;
    } catch {
      return undefined;
    }
  }
  return name;
}
