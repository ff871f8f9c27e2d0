import { type BackgroundShellInfo, type BackgroundShells, shortCommand } from "@gong/runtime";
import pc from "picocolors";
import type { PickItem, SlashCommand } from "../contract.js";

/** Lines of a shell's output under the list (the live tail) and in the block Enter shows. */
const TAIL_LINES = 8;
const BLOCK_LINES = 40;

/**
 * `/bashes`: the session's background shells (bash `run_in_background`) in a live list
 * — status, command, and the selected shell's last lines as they come; `k` kills the
 * selected one (the model is told at its next turn), Enter shows its recent output.
 */
export const bashesCommand: SlashCommand = {
  name: "bashes",
  description: "the background shells, with their live output; k kills one",
  async run(_args, context) {
    const shells = context.host.current.processes.backgroundShells;
    if (!shells || shells.list().length === 0) {
      context.ui.note("no background shells: the agent starts one with bash run_in_background");
      return;
    }
    const items = () => shells.list().map(shellItem);
    const picked = await context.ui.pick({
      title: "Background shells",
      items: items(),
      initialIndex: shells.list().length - 1,
      live: { items, subscribe: (changed) => shells.subscribe(changed) },
      preview: (id) => tailLines(shells, id, TAIL_LINES).map((line) => pc.dim(`  │ ${line}`)),
      actions: [{ key: "k", name: "kill", hint: "kill" }],
    });
    if (!picked) return;
    const id = picked.value;
    if (picked.action === "kill") {
      const before = shells.get(id);
      if (before?.status !== "running") {
        context.ui.note(`${id} has already ended: ${status(before!)}`);
        return;
      }
      const after = await shells.kill(id, "user");
      context.ui.note(
        `killed ${id} (${shortCommand(after!.command)}); the agent is told at its next turn`,
      );
      return;
    }
    const info = shells.get(id)!;
    const lines = tailLines(shells, id, BLOCK_LINES);
    context.ui.block(`${id} · ${status(info)} · ${shortCommand(info.command)}`, [
      ...(lines.length > 0 ? lines : ["(no output yet)"]),
      ...(info.logPath ? [pc.dim(`full output: ${info.logPath}`)] : []),
    ]);
  },
};

function shellItem(info: BackgroundShellInfo): PickItem<string> {
  const state = info.status === "running" ? pc.green(status(info)) : pc.dim(status(info));
  return {
    value: info.id,
    label: `${info.id}  ${state}  ${shortCommand(info.command)}`,
    searchText: `${info.id} ${info.status} ${info.command}`,
  };
}

function status(info: BackgroundShellInfo): string {
  if (info.status === "running") return "running";
  if (info.status === "killed") return info.killedBy === "user" ? "killed by you" : "killed";
  return info.signal ? `ended by ${info.signal}` : `exit ${info.exitCode}`;
}

function tailLines(shells: BackgroundShells, id: string, count: number): string[] {
  const lines = (shells.recentOutput(id) ?? "").split("\n");
  if (lines.at(-1) === "") lines.pop();
  return lines.slice(-count);
}
