import type { SlashCommand } from "../contract.js";

/**
 * `/export [file]`: the current branch as one HTML page (default name like `gong --export`).
 * A file already at the path is replaced only when the user says so.
 */
export const exportCommand: SlashCommand = {
  name: "export",
  args: "[file]",
  description: "write this session as a self-contained HTML page",
  async run(args, context) {
    const out = args.trim() === "" ? undefined : args.trim();
    const session = context.host.current;
    let written = await session.file.exportHtml(out);
    if (!written.ok && written.exists) {
      const picked = await context.ui.pick({
        title: `${written.path} already exists`,
        items: [
          { value: false, label: "keep it (nothing is exported)" },
          { value: true, label: "overwrite it" },
        ],
      });
      if (picked?.value !== true) {
        context.ui.note(`not exported: ${written.path} is kept`);
        return;
      }
      written = await session.file.exportHtml(out, { overwrite: true });
    }
    if (!written.ok) {
      context.ui.error(written.error);
      return;
    }
    context.ui.note(`exported: ${written.path}`);
  },
};
