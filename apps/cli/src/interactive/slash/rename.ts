import type { SlashCommand } from "../contract.js";

/**
 * `/rename <name>`: names the session, so `gong -r <name>` resumes it from any folder and
 * `/resume`, `gong -r` and `gong web` list it by name. Spaces become dashes (`-r` takes
 * one word); `/rename` alone shows the name, `/rename -` removes it.
 */
export const renameCommand: SlashCommand = {
  name: "rename",
  description: "name this session (gong -r <name> resumes it from any folder)",
  async run(args, context) {
    const session = context.host.current;
    const wanted = args.trim();
    if (wanted === "") {
      context.ui.note(
        session.file.name
          ? `this session is named "${session.file.name}"; /rename <name> changes it, /rename - removes it`
          : "this session has no name; /rename <name> gives it one",
      );
      return;
    }
    const name = wanted === "-" ? "" : wanted.replace(/\s+/g, "-");
    const renamed = session.file.rename(name);
    if (!renamed.ok) {
      context.ui.error(renamed.error);
      return;
    }
    if (name === "") context.ui.note("the session's name is removed");
    else if (!session.file.path) context.ui.note(`named "${name}" (not saved: --no-session)`);
    else
      context.ui.note(`named this session "${name}": gong -r ${name} resumes it from any folder`);
  },
};
