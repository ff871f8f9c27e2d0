import type { SandboxMode } from "@gong/tools";
import type { Settings } from "./settings-types.js";

/** Stricter modes later. */
const STRICTNESS: readonly SandboxMode[] = ["off", "workspace-write", "read-only"];

/** What a sandbox that names no `network` allows: none (fail closed). */
export const SANDBOX_NETWORK_DEFAULT = false;

/**
 * A project's `sandbox` may only tighten the user's, trusted folder or not: a cloned
 * repository must not switch the sandbox off, open the network or make more folders
 * writable. Its mode counts only when stricter than the user's, its network only when
 * false, and its `writableRoots` never (a project naming folders outside itself is
 * exactly what the sandbox is there to stop). Returns what was ignored, for a warning.
 */
export function tightenProjectSandbox(user: Settings, project: Settings): string[] {
  const asked = project.sandbox;
  if (!asked) return [];
  const ignored: string[] = [];
  const userMode = user.sandbox?.mode ?? "off";
  const mode =
    asked.mode && STRICTNESS.indexOf(asked.mode) > STRICTNESS.indexOf(userMode)
      ? asked.mode
      : userMode;
  if (asked.mode && asked.mode !== mode) ignored.push(`sandbox.mode (${asked.mode})`);
  const userNetwork = user.sandbox?.network ?? SANDBOX_NETWORK_DEFAULT;
  const network = userNetwork && asked.network !== false;
  if (asked.network === true && !network) ignored.push("sandbox.network (true)");
  if (asked.writableRoots) ignored.push("sandbox.writableRoots");
  project.sandbox = { mode, network };
  return ignored;
}
