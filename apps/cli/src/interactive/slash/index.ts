import { closestNames } from "../../suggest-flag.js";
import type { SlashCommand, SlashContext } from "../contract.js";
import { bashesCommand } from "./bashes.js";
import { compactCommand } from "./compact.js";
import { exportCommand } from "./export.js";
import { forkCommand } from "./fork.js";
import { hotkeysCommand } from "./hotkeys.js";
import { lspCommand } from "./lsp.js";
import { mcpCommand } from "./mcp.js";
import { modelCommand } from "./model.js";
import { newCommand } from "./new.js";
import { quitCommand } from "./quit.js";
import { renameCommand } from "./rename.js";
import { resumeCommand } from "./resume.js";
import { rewindCommand } from "./rewind.js";
import { sessionCommand } from "./session-info.js";
import { thinkingCommand } from "./thinking.js";
import { treeCommand } from "./tree.js";
import { usageCommand } from "./usage.js";
import { worktreeCommand } from "./worktree.js";

export { startConfigWatch } from "./config-watch.js";

/** The slash commands of README.md, in the order /hotkeys and completion list them. */
export const SLASH_COMMANDS: readonly SlashCommand[] = [
  modelCommand,
  thinkingCommand,
  compactCommand,
  newCommand,
  worktreeCommand,
  resumeCommand,
  renameCommand,
  treeCommand,
  forkCommand,
  rewindCommand,
  sessionCommand,
  usageCommand,
  mcpCommand,
  lspCommand,
  bashesCommand,
  exportCommand,
  hotkeysCommand(() => SLASH_COMMANDS),
  quitCommand,
];

/**
 * Runs a `/name args` line. An unknown name gets one line naming the closest commands
 * (a name it starts, else the flags' typo rule) and /hotkeys. A command that throws is a
 * bug; it is reported in one line so the session and the screen survive it.
 */
export async function runSlashCommand(line: string, context: SlashContext): Promise<void> {
  const match = /^\s*\/?(\S*)\s*([\s\S]*)$/.exec(line)!;
  const name = match[1]!;
  const args = match[2]!;
  const command = SLASH_COMMANDS.find((candidate) => candidate.name === name);
  if (!command) {
    // A prompt command typed with a typo is suggested like a built-in.
    const prompts = await context.host.current.config.promptCommands();
    context.ui.error(
      unknownCommandLine(
        name,
        prompts.map((prompt) => prompt.name),
      ),
    );
    return;
  }
  try {
    await command.run(args, context);
  } catch (error) {
    context.ui.error(`/${name} failed: ${(error as Error).message}`);
  }
}

function unknownCommandLine(name: string, promptCommands: readonly string[]): string {
  if (name === "") return "Type a command after the slash: /hotkeys lists them.";
  const names = [...SLASH_COMMANDS.map((command) => command.name), ...promptCommands];
  const started = names.filter((candidate) => candidate.startsWith(name));
  const close = started.length > 0 ? started : closestNames(name, names);
  const suggestion =
    close.length > 0 ? `did you mean ${close.map((c) => `/${c}`).join(" or ")}? ` : "";
  return `Unknown command /${name}: ${suggestion}/hotkeys lists the commands.`;
}
