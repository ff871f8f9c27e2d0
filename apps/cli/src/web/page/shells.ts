/**
 * The background shells in the side panel (bash `run_in_background`): each one's id,
 * status and command with the last line it printed, and a kill button — what `/bashes`
 * does in the terminal, through the protocol's `get_shells`, `get_shell_output` and
 * `kill_shell`. While one runs, the list is read again every 2 s (a live tail).
 */
import { sendCommand } from "./connection.ts";

interface ShellRow {
  id: string;
  command: string;
  status: "running" | "exited" | "killed";
  exitCode: number | null;
  signal: string | null;
}

const POLL_MS = 2000;

export class ShellsPanel {
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly list: HTMLElement,
    private readonly onError: (text: string) => void,
  ) {}

  async refresh(): Promise<void> {
    clearTimeout(this.timer);
    const listed = await sendCommand({ type: "get_shells" });
    if (!listed.success) return;
    const shells = (listed.data as { shells: ShellRow[] }).shells;
    const tails = await Promise.all(shells.map((shell) => this.lastLine(shell)));
    this.list.replaceChildren(...shells.map((shell, i) => this.row(shell, tails[i]!)));
    this.list.closest("section")?.toggleAttribute("hidden", shells.length === 0);
    if (shells.some((shell) => shell.status === "running"))
      this.timer = setTimeout(() => void this.refresh(), POLL_MS);
  }

  private async lastLine(shell: ShellRow): Promise<string> {
    const response = await sendCommand({ type: "get_shell_output", shellId: shell.id });
    const output = response.success ? (response.data as { output: string }).output : "";
    return output.trimEnd().split("\n").at(-1) ?? "";
  }

  private row(shell: ShellRow, tail: string): HTMLElement {
    const item = document.createElement("li");
    item.className = `shell ${shell.status}`;
    const title = document.createElement("span");
    title.textContent = `${shell.id} · ${status(shell)} · ${shell.command}`;
    const last = document.createElement("small");
    last.textContent = tail;
    item.append(title, last);
    if (shell.status === "running") {
      const kill = document.createElement("button");
      kill.type = "button";
      kill.className = "small";
      kill.textContent = "kill";
      kill.addEventListener("click", async () => {
        const response = await sendCommand({ type: "kill_shell", shellId: shell.id });
        if (!response.success) this.onError(response.error ?? "");
        void this.refresh();
      });
      item.append(kill);
    }
    return item;
  }
}

function status(shell: ShellRow): string {
  if (shell.status === "running") return "running";
  if (shell.status === "killed") return "killed";
  return shell.signal ? `ended by ${shell.signal}` : `exit ${shell.exitCode}`;
}
