import { resolveToolNames, TOOL_PRESETS } from "@gong/tools";
import type { Settings } from "./settings-types.js";

/**
 * An untrusted project's `tools` / `preset` may only narrow what the user's own settings
 * allow: a cloned repository must not hand the model bash or write when the user chose
 * `readonly`. The project layer keeps the tools the user allows (as a `tools` list) and
 * the names it asked for beyond them come back, for the trust warning. Nothing changes
 * when the project stays inside the user's limits.
 */
export function narrowProjectTools(user: Settings, project: Settings): string[] {
  const asked = project.tools ?? (project.preset ? [...TOOL_PRESETS[project.preset]] : undefined);
  if (asked === undefined) return [];
  const allowed = resolveToolNames(user.tools ?? user.preset ?? "default");
  // User settings that name no valid tools allow none (fail closed).
  const allowedNames: readonly string[] = allowed.ok ? allowed.names : [];
  const beyond = asked.filter((name) => !allowedNames.includes(name));
  if (beyond.length === 0) return [];
  project.tools = asked.filter((name) => allowedNames.includes(name));
  delete project.preset;
  return beyond;
}
