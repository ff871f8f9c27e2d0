/**
 * The side panel: the sessions of this folder (open one, start a new one) and the
 * session tree (continue from an entry, fork a new session from it, label it) — what
 * `/resume`, `/new` and `/tree` do in the terminal, with buttons.
 */
import { sendCommand } from "./connection.ts";

interface SessionRow {
  id: string;
  path: string;
  modified: string;
  firstMessage: string;
  messageCount: number;
  /** Given with `/rename`. */
  name?: string;
}

export class SessionsPanel {
  constructor(
    private readonly elements: {
      sessions: HTMLElement;
      tree: HTMLElement;
      newSession: HTMLElement;
    },
    private readonly onError: (text: string) => void,
  ) {
    elements.newSession.addEventListener("click", () => this.run({ type: "new_session" }));
  }

  async refresh(): Promise<void> {
    const [list, tree] = await Promise.all([
      sendCommand({ type: "list_sessions" }),
      sendCommand({ type: "get_tree" }),
    ]);
    if (list.success)
      this.showSessions(list.data as { current: string | null; sessions: SessionRow[] });
    if (tree.success)
      this.showTree(
        tree.data as { leafIndex: number | null; entries: { entryId: string; line: string }[] },
      );
  }

  private showSessions({ current, sessions }: { current: string | null; sessions: SessionRow[] }) {
    const items = sessions.map((session) => {
      const item = document.createElement("li");
      const open = document.createElement("button");
      open.type = "button";
      open.className = "session";
      const title = document.createElement("span");
      title.textContent = session.name ?? (session.firstMessage || "(empty)");
      const when = document.createElement("small");
      when.textContent = `${formatDate(session.modified)} · ${session.messageCount} msgs`;
      open.append(title, when);
      open.title = `${session.id}${session.name ? ` — ${session.firstMessage}` : ""}`;
      if (session.path === current) {
        open.setAttribute("aria-current", "true");
        open.disabled = true;
      }
      open.addEventListener("click", () =>
        this.run({ type: "switch_session", sessionPath: session.path }),
      );
      item.append(open);
      return item;
    });
    this.elements.sessions.replaceChildren(...items);
  }

  private showTree({
    leafIndex,
    entries,
  }: {
    leafIndex: number | null;
    entries: { entryId: string; line: string }[];
  }) {
    const items = entries.map((entry, index) => {
      const item = document.createElement("li");
      const line = document.createElement("button");
      line.type = "button";
      line.className = "tree-line";
      line.textContent = entry.line;
      line.title = "continue the conversation from here";
      if (index === leafIndex) line.setAttribute("aria-current", "true");
      line.addEventListener("click", () =>
        this.run({ type: "navigate_tree", entryId: entry.entryId }),
      );
      const fork = smallButton("fork", "a new session with the conversation up to here", () =>
        this.run({ type: "fork", entryId: entry.entryId }),
      );
      const label = smallButton("label", "bookmark this entry", () => {
        const text = window.prompt("Label (empty removes it)");
        if (text !== null)
          void this.run({ type: "set_label", entryId: entry.entryId, label: text });
      });
      item.append(line, fork, label);
      return item;
    });
    this.elements.tree.replaceChildren(...items);
  }

  private async run(command: Record<string, unknown>): Promise<void> {
    const response = await sendCommand(command);
    if (!response.success) this.onError(response.error ?? "");
    await this.refresh();
  }
}

/** When a session was last changed: the time today, else the day and time. */
function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const time = date.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" });
  if (date.toDateString() === new Date().toDateString()) return `today ${time}`;
  const day = date.toLocaleDateString(undefined, {
    month: "short",
    day: "numeric",
    ...(date.getFullYear() === new Date().getFullYear() ? {} : { year: "numeric" }),
  });
  return `${day} ${time}`;
}

function smallButton(text: string, title: string, onClick: () => void): HTMLButtonElement {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "small";
  button.textContent = text;
  button.title = title;
  button.setAttribute("aria-label", `${text}: ${title}`);
  button.addEventListener("click", onClick);
  return button;
}
