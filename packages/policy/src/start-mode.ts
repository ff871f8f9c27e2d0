import {
  PERMISSION_MODE_NAMES,
  type PermissionMode,
  parsePermissionMode,
} from "./permission-mode.js";
import type { PermissionSettings } from "./permission-rules.js";

/**
 * The mode a session starts in: the flag, else settings `permissions.defaultMode`, else
 * the app's. A `defaultMode` that names no mode is one warning and the session asks (a
 * typo never runs more unasked than the user meant).
 */
export function startPermissionMode(
  flag: PermissionMode | undefined,
  settings: { permissions?: Pick<PermissionSettings, "defaultMode"> },
  appMode: PermissionMode,
  warn: (message: string) => void,
): PermissionMode {
  if (flag) return flag;
  const named = settings.permissions?.defaultMode;
  if (named === undefined) return appMode;
  const mode = parsePermissionMode(named);
  if (mode) return mode;
  warn(
    `settings permissions.defaultMode "${named}" is not a mode (${PERMISSION_MODE_NAMES.join(", ")}); the session starts in ask mode`,
  );
  return "ask";
}
