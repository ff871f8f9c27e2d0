import type { SlashCommand } from "../contract.js";
import { whenIdle } from "./idle.js";

/** `/new`: an empty session with the same model and thinking level. */
export const newCommand: SlashCommand = {
  name: "new",
  description: "start a new session (same model)",
  async run(_args, context) {
    if (!whenIdle(context, "/new")) return;
    const switched = await context.host.newSession();
    if (!switched.ok) {
      context.ui.error(switched.error);
      return;
    }
    context.ui.replayTranscript();
    context.ui.note(
      `new session${switched.session.file.path ? `: ${switched.session.file.path}` : ""}`,
    );
  },
};
