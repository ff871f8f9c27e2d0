/**
 * kill_shell (test/background-shells.test.ts): ends a background shell's process group
 * (TERM, then KILL after a grace) — the command and everything it started.
 */
import { Type } from "@sinclair/typebox";
import { type BackgroundShells, shellEnding, shortCommand } from "../bash/background-shells.js";
import { success } from "../core/envelope.js";
import { defineTool } from "../core/run-tool.js";
import { TOOL_SUMMARIES } from "../summary/tool-summary.js";
import { unknownShell } from "./bash-output.js";

const killShellParameters = Type.Object({
  shell_id: Type.String({
    minLength: 1,
    description:
      "The id bash returned for a command run with run_in_background (bash_1, bash_2, ...).",
  }),
});

export function createKillShellTool(shells: BackgroundShells) {
  return defineTool({
    name: "kill_shell",
    summary: TOOL_SUMMARIES.kill_shell,
    label: "Kill shell",
    description:
      "Stop a background shell (bash with run_in_background) and every process it started. " +
      "Its output so far can still be read with bash_output.",
    parameters: killShellParameters,
    async execute(params) {
      const before = shells.get(params.shell_id);
      if (!before) return unknownShell(params.shell_id, shells);
      const after = await shells.kill(params.shell_id);
      const info = after ?? before;
      const data = {
        shell_id: info.id,
        killed: before.status === "running",
        status: info.status,
        exit_code: info.exitCode,
        signal: info.signal,
      };
      const what = `${info.id} (${shortCommand(info.command)})`;
      const text =
        before.status === "running"
          ? `Killed shell ${what}.`
          : `Shell ${what} had already ended: it ${shellEnding(before)}. Nothing to kill.`;
      return success(data, text);
    },
  });
}
