/**
 * The session's bash sandbox (ARCHITECTURE §9 "Sandbox for bash"), decided once at start
 * from `--sandbox` (wins: the user's choice for this run) and settings `sandbox`, and
 * probed once: a mode other than `off` that cannot run here is a usage error at start,
 * never a silent fallback. A settings change takes effect at the next start.
 */

import type { Settings } from "@gong/settings";
import { SANDBOX_NETWORK_DEFAULT } from "@gong/settings";
import { type BashSandbox, probeSandbox, type SandboxMode } from "@gong/tools";

/** What the status line and `get_state` show. */
export interface SandboxState {
  mode: SandboxMode;
  network: boolean;
}

export type SessionSandbox =
  | { ok: true; state: SandboxState; sandbox: BashSandbox | undefined }
  | { ok: false; error: string };

export function sessionSandbox(
  settings: Settings,
  flagMode: SandboxMode | undefined,
  env: NodeJS.ProcessEnv,
): SessionSandbox {
  const mode = flagMode ?? settings.sandbox?.mode ?? "off";
  const network = settings.sandbox?.network ?? SANDBOX_NETWORK_DEFAULT;
  if (mode === "off") return { ok: true, state: { mode, network: true }, sandbox: undefined };
  const writableRoots = settings.sandbox?.writableRoots ?? [];
  const probe = probeSandbox({ mode, network, writableRoots }, env.PATH ?? "");
  if (!probe.ok) return probe;
  return { ok: true, state: { mode, network }, sandbox: probe.sandbox };
}
