/**
 * Background shells over ACP (test/acp-shells.test.ts): `/bashes` lists the session's
 * shells as an agent message (id, status, command, last lines) and `/bashes kill <id>`
 * ends one through the same `BackgroundShells` the model's tools use, so the model is
 * told at its next turn; a shell that ends on its own gets a one-line agent message.
 */
import type { AvailableCommand } from "@agentclientprotocol/sdk";
import { type BackgroundShellInfo, type BackgroundShells, shortCommand } from "@gong/runtime";
import type { SessionUpdates } from "./session-updates.js";

/** Lines of each shell's output `/bashes` shows. */
const TAIL_LINES = 5;

export const BASHES_COMMAND: AvailableCommand = {
  name: "bashes",
  description: "list the background shells with their last lines; /bashes kill <id> ends one",
  input: { hint: "[kill <id>]" },
};

/** The `/bashes` prompt's arguments, or undefined when the prompt is something else. */
export function bashesArgs(text: string): string | undefined {
  const match = /^\/bashes(?:\s+([\s\S]*))?$/.exec(text.trim());
  return match ? (match[1] ?? "").trim() : undefined;
}

/** Runs `/bashes [kill <id>]` and returns what to tell the user. */
export async function runBashes(
  shells: BackgroundShells | undefined,
  args: string,
): Promise<string> {
  if (args === "") return listShells(shells);
  const kill = /^kill\s+(\S+)$/.exec(args);
  if (!kill)
    return `Unknown /bashes arguments "${args}". Use /bashes to list the background shells or /bashes kill <id> to end one.`;
  const id = kill[1]!;
  if (!shells) return `No background shell ${id}: this session has none.`;
  const before = shells.get(id);
  if (!before) return shells.unknownIdMessage(id);
  if (before.status !== "running") return `${id} has already ended: ${status(before)}.`;
  const after = await shells.kill(id, "user");
  return `Killed ${id} (${shortCommand((after ?? before).command)}); the agent is told at its next turn.`;
}

function listShells(shells: BackgroundShells | undefined): string {
  const list = shells?.list() ?? [];
  if (!shells || list.length === 0)
    return "No background shells: the agent starts one with bash run_in_background.";
  const blocks = list.map((info) => {
    const lines = (shells.recentOutput(info.id) ?? "").split("\n");
    if (lines.at(-1) === "") lines.pop();
    const tail = lines.slice(-TAIL_LINES).map((line) => `    ${line}`);
    return [`${info.id} · ${status(info)} · ${shortCommand(info.command)}`, ...tail].join("\n");
  });
  return `Background shells:\n${blocks.join("\n")}\n`;
}

function status(info: BackgroundShellInfo): string {
  if (info.status === "running") return "running";
  if (info.status === "killed") return info.killedBy === "user" ? "killed by you" : "killed";
  return info.signal ? `ended by ${info.signal}` : `exit ${info.exitCode}`;
}

/**
 * Sends one agent message line when a shell ends on its own (a kill is already shown:
 * in the kill_shell call or the `/bashes kill` answer). Returns the unsubscribe.
 */
export function announceShellExits(
  shells: BackgroundShells | undefined,
  updates: SessionUpdates,
): () => void {
  if (!shells) return () => undefined;
  const told = new Set<string>();
  return shells.subscribe(() => {
    for (const info of shells.list()) {
      if (info.status !== "exited" || told.has(info.id)) continue;
      told.add(info.id);
      const ending = info.signal
        ? `was ended by ${info.signal}`
        : `exited with code ${info.exitCode}`;
      const text = `\nBackground shell ${info.id} (${shortCommand(info.command)}) ${ending}.\n`;
      updates.send({ sessionUpdate: "agent_message_chunk", content: { type: "text", text } });
    }
  });
}
