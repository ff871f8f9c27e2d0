import { HOTKEYS, type SlashContext } from "./contract.js";

/** The commands the mode needs before the full set lands: /quit and /hotkeys. */
export async function runSlashCommand(line: string, context: SlashContext): Promise<void> {
  const name = line.slice(1).split(/\s+/)[0] ?? "";
  if (name === "quit" || name === "exit") return context.ui.quit();
  if (name === "hotkeys") {
    return context.ui.block(
      "Keys",
      HOTKEYS.map((k) => `${k.keys.padEnd(22)} ${k.action}`),
    );
  }
  context.ui.warn(`unknown command /${name}; /hotkeys lists the keys, /quit quits`);
}

export const SLASH_COMMANDS = [
  { name: "quit", description: "quit gong" },
  { name: "hotkeys", description: "list the keys" },
];
