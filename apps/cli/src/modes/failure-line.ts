import type { CodingSession, RunOutcome } from "@gong/runtime";

/**
 * The one stderr line of a failed run. An overflow the agent could not fix says how to
 * compact in this mode — `gong --compact -r <id>`, since print and json mode have no
 * `/compact` — and only when the session is stored (not with `--no-session`).
 */
export function failureLine(session: CodingSession, outcome: RunOutcome): string {
  const overflow = outcome.lastAssistant?.errorKind === "overflow";
  const command =
    overflow && session.file.path !== undefined
      ? ` To compact it: gong --compact -r ${session.file.header.id.slice(0, 8)}`
      : "";
  return `gong: ${outcome.errorMessage}${command}\n`;
}
