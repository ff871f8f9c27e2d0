import { resolveGongHome, trustFolder } from "@gong/runtime";
import type { CliIo } from "../io.js";

/**
 * `--trust`: the current folder's project hooks, shell settings, allowedPaths and hook
 * modules may load from now on (ARCHITECTURE §7); remembered in the user settings.
 * Returns the line confirming it, or undefined after reporting why it could not.
 */
export async function trustCurrentFolder(io: CliIo): Promise<string | undefined> {
  const trusted = await trustFolder(io.cwd, resolveGongHome(io.env));
  if (!trusted.ok) {
    io.stderr(`gong: --trust: ${trusted.message}\n`);
    return undefined;
  }
  return `Trusted ${trusted.folder} (recorded in ${trusted.file}).`;
}
