import type { CodingSession } from "@gong/runtime";
import type { SlashCommand as MenuItem } from "@mariozechner/pi-tui";
import type { SlashCommand } from "../contract.js";

/**
 * What `/` offers in the editor: the built-in commands, then the prompt commands
 * (Markdown files, MCP prompts) with their descriptions and argument hints. A file
 * named like a built-in is not offered (the built-in wins), said once.
 */
export class CommandMenu {
  /** The completion's list, changed in place when the prompt commands change. */
  readonly items: MenuItem[];
  private promptNames = new Set<string>();
  private readonly warned = new Set<string>();

  constructor(
    private readonly builtIns: readonly SlashCommand[],
    private readonly warn: (message: string) => void,
  ) {
    this.items = builtIns.map(menuItem);
  }

  /** Reads the session's prompt commands again (files edited, MCP servers connected). */
  async refresh(session: CodingSession): Promise<void> {
    const builtInNames = new Set(this.builtIns.map((command) => command.name));
    const usable: MenuItem[] = [];
    for (const command of await session.config.promptCommands()) {
      if (!builtInNames.has(command.name)) {
        usable.push(menuItem({ ...command, args: command.argumentHint }));
        continue;
      }
      const from = command.file ?? `the MCP server's prompt`;
      const warning = `/${command.name} from ${from} is not used: /${command.name} is a built-in command; rename it to use it`;
      if (!this.warned.has(warning)) this.warn(warning);
      this.warned.add(warning);
    }
    this.items.splice(0, this.items.length, ...this.builtIns.map(menuItem), ...usable);
    this.promptNames = new Set(usable.map((item) => item.name));
  }

  /** `/name …` names a prompt command (sent to the model), not a built-in. */
  isPromptCommand(line: string): boolean {
    const name = /^\/(\S+)/.exec(line)?.[1];
    return name !== undefined && this.promptNames.has(name);
  }
}

function menuItem(command: { name: string; description: string; args?: string | undefined }) {
  return {
    name: command.name,
    description: command.description,
    ...(command.args ? { argumentHint: command.args } : {}),
  };
}
