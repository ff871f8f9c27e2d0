import type { ConfigPath } from "@gong/config-files";
import { editUserSettings, type UserSettingsWrite } from "@gong/config-files";
import type { ThinkingLevel } from "@gong/llm";

/** A model or thinking level the user chose in a session (`/model`, `/thinking`, RPC). */
export type RememberedChoice =
  | { provider: string; model: string }
  | { thinkingLevel: ThinkingLevel };

/**
 * Remembers the choice as the user settings' `defaultProvider` + `defaultModel` or
 * `defaultThinkingLevel`, so the next start uses it, as pi does (issue 22.9).
 */
export function rememberChoice(
  gongHome: string,
  choice: RememberedChoice,
): Promise<UserSettingsWrite> {
  const set: [ConfigPath, unknown][] =
    "thinkingLevel" in choice
      ? [[["defaultThinkingLevel"], choice.thinkingLevel]]
      : [
          [["defaultProvider"], choice.provider],
          [["defaultModel"], choice.model],
        ];
  return editUserSettings(gongHome, () => ({ ok: true, set }), "choose again");
}
