/**
 * "Always for this project": the rule goes to `<project>/.gong/settings.local.json`
 * (`permissions.allow`), the file Claude Code keeps for one person's settings, and that
 * file is added to the repository's `.gitignore` so the rule is never committed for
 * everyone by mistake.
 */
import { spawnSync } from "node:child_process";
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { isRecord } from "@gong/base";
import {
  editJsonConfigFile,
  projectLocalSettingsPath,
  type UserSettingsWrite,
} from "@gong/config-files";

export async function saveProjectAllowRule(cwd: string, rule: string): Promise<UserSettingsWrite> {
  const file = projectLocalSettingsPath(cwd);
  const written = await editJsonConfigFile(
    file,
    (settings, where) => {
      const permissions = settings.permissions;
      const allow = isRecord(permissions) ? permissions.allow : undefined;
      if (allow !== undefined && !Array.isArray(allow))
        return { ok: false, message: `${where}: "permissions.allow" must be a list of rules` };
      const rules = (allow ?? []) as unknown[];
      if (rules.includes(rule)) return { ok: true, set: [] };
      return {
        ok: true,
        set: [
          [
            ["permissions", "allow"],
            [...rules, rule],
          ],
        ],
      };
    },
    "answer again",
  );
  if (written.ok) ignoreInGit(cwd, file);
  return written;
}

/**
 * Adds the file to the repository's top-level `.gitignore` unless git already ignores
 * it; outside a git repository (or without git) nothing is done.
 */
function ignoreInGit(cwd: string, file: string): void {
  const root = git(cwd, ["rev-parse", "--show-toplevel"]);
  if (root === undefined) return;
  if (spawnSync("git", ["check-ignore", "-q", file], { cwd }).status === 0) return;
  const gitignore = path.join(root, ".gitignore");
  const entry = `/${path.relative(root, file).split(path.sep).join("/")}`;
  const current = existsSync(gitignore) ? readFileSync(gitignore, "utf8") : "";
  const separator = current === "" || current.endsWith("\n") ? "" : "\n";
  appendFileSync(gitignore, `${separator}${entry}\n`);
}

function git(cwd: string, args: string[]): string | undefined {
  const ran = spawnSync("git", args, { cwd, encoding: "utf8" });
  return ran.status === 0 ? ran.stdout.trim() : undefined;
}
