/**
 * `available_commands_update`: the session's prompt commands (Markdown files, MCP
 * prompts) as the editor lists them after `/` (Zed). Sent after `session/new` and
 * `session/load` answered, so the editor knows the session; a session without commands
 * sends none. A prompt of `/name args` then runs the command (the runtime expands it).
 * gong's own `/bashes` (background-shells.ts) follows them when the session has shells.
 */
import type { AvailableCommand } from "@agentclientprotocol/sdk";
import type { CodingSession } from "@gong/runtime";
import { BASHES_COMMAND } from "./background-shells.js";
import type { SessionUpdates } from "./session-updates.js";

export function announceCommands(session: CodingSession, updates: SessionUpdates): void {
  // After this turn of the event loop: the session/new response is out first.
  setImmediate(() => {
    session.config.promptCommands().then(
      (commands) => {
        const availableCommands: AvailableCommand[] = commands.map((command) => ({
          name: command.name,
          description: command.description,
          ...(command.argumentHint ? { input: { hint: command.argumentHint } } : {}),
        }));
        if (session.processes.backgroundShells) availableCommands.push(BASHES_COMMAND);
        if (availableCommands.length === 0) return;
        updates.send({ sessionUpdate: "available_commands_update", availableCommands });
      },
      (error: unknown) => {
        // The commands are a menu: without it `/name args` still works when typed.
        const message = error instanceof Error ? error.message : String(error);
        process.stderr.write(
          `gong-rpc: warning: the prompt commands were not listed: ${message}\n`,
        );
      },
    );
  });
}
