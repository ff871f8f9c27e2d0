import { HOTKEYS, type SlashCommand } from "../contract.js";

/**
 * `/hotkeys`: the keys and every slash command with its arguments. Takes the command
 * list as a function: the list includes this command itself.
 */
export function hotkeysCommand(commands: () => readonly SlashCommand[]): SlashCommand {
  return {
    name: "hotkeys",
    description: "show the keys and the slash commands",
    async run(_args, context) {
      const keyWidth = Math.max(...HOTKEYS.map((hotkey) => hotkey.keys.length));
      const usage = commands().map((command) => ({
        usage: `/${command.name}${command.args ? ` ${command.args}` : ""}`,
        description: command.description,
      }));
      const usageWidth = Math.max(...usage.map((command) => command.usage.length));
      context.ui.block("Keys and commands", [
        ...HOTKEYS.map((hotkey) => `${hotkey.keys.padEnd(keyWidth)}  ${hotkey.action}`),
        "",
        ...usage.map((command) => `${command.usage.padEnd(usageWidth)}  ${command.description}`),
      ]);
    },
  };
}
