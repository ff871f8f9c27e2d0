import type { SlashCommand } from "../contract.js";

/** `/export [file]`: the current branch as one HTML page (default name like `gong --export`). */
export const exportCommand: SlashCommand = {
  name: "export",
  args: "[file]",
  description: "write this session as a self-contained HTML page",
  async run(args, context) {
    const out = args.trim();
    const written = context.host.current.exportHtml(out === "" ? undefined : out);
    if (!written.ok) {
      context.ui.error(written.error);
      return;
    }
    context.ui.note(`exported: ${written.path}`);
  },
};
