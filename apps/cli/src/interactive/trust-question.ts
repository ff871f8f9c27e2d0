import { isTrustedFolder } from "@gong/config-files";
import { discoverResources, loadSettings, untrustedMcpJsonServers } from "@gong/settings";

/**
 * What this folder's project config would run or open if trusted (settings keys such as
 * `hooks` and `allowedPaths`, `.gong/hooks` modules); empty when the folder is trusted
 * or has nothing of the kind, so there is nothing to ask.
 */
export function untrustedProjectCode(
  cwd: string,
  gongHome: string,
  env: NodeJS.ProcessEnv,
): string[] {
  if (isTrustedFolder(cwd, gongHome)) return [];
  const loaded = loadSettings({ cwd, gongHome, env, projectTrusted: false });
  const modules = discoverResources({ cwd, gongHome }).projectHookFiles;
  return [
    // `tools (bash, write)`: the key quoted, what it would add after it.
    ...loaded.untrustedSettings.map(
      ({ key, file }) => `${key.replace(/^\S+/, (name) => `"${name}"`)} in ${file}`,
    ),
    ...modules.map((file) => `hook module ${file}`),
    // A stdio server is a command gong would start.
    ...untrustedMcpJsonServers(cwd, loaded).map((name) => `MCP server "${name}" in .mcp.json`),
  ];
}
