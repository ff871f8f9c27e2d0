import type { SlashCommand } from "../contract.js";

/** `/quit`: ends the interactive mode (a running agent is aborted as the session closes). */
export const quitCommand: SlashCommand = {
  name: "quit",
  description: "exit gong",
  async run(_args, context) {
    context.ui.quit();
  },
};
