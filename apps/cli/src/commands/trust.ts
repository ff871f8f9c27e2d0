import { resolveGongHome } from "@gong/base";
import { trustFolder } from "@gong/config-files";
import type { CliIo } from "../io.js";

/**
 * `--trust`: the current folder's project hooks, shell settings, allowedPaths and hook
 * modules may load from now on (docs/architecture.md, "Trust and security"); remembered in the user settings.
 * `/`, the home folder and the folders above it need `--yes` too: their trust covers
 * every project below. Returns the line confirming it, or the exit code after reporting
 * why it could not (2 when only `--yes` was missing).
 */
export async function trustCurrentFolder(
  io: CliIo,
  yes: boolean,
): Promise<{ line: string } | { code: number }> {
  const trusted = await trustFolder(io.cwd, resolveGongHome(io.env), { env: io.env, broad: yes });
  if (!trusted.ok) {
    io.stderr(`gong: --trust: ${trusted.message}\n`);
    return { code: trusted.broad ? 2 : 1 };
  }
  const covers = trusted.broad ? ` and every project below it (${trusted.broad})` : "";
  const accepted =
    trusted.accepted.length > 0
      ? ` Accepted what the agent wrote there without your confirmation: ${trusted.accepted.join(", ")}.`
      : "";
  return { line: `Trusted ${trusted.folder}${covers} (recorded in ${trusted.file}).${accepted}` };
}
