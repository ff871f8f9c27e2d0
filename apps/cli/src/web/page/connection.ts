/**
 * The page's two channels to `gong web`: the event stream (EventSource: it reconnects
 * by itself and sends the last id it saw, so the server replays only what was missed)
 * and commands (POST /command, the cookie goes along).
 */
export interface ResponseLine {
  type: "response";
  command: string;
  success: boolean;
  data?: unknown;
  error?: string;
}

export type EventLine = Record<string, unknown> & { type: string };

export async function sendCommand(command: Record<string, unknown>): Promise<ResponseLine> {
  try {
    const response = await fetch("/command", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(command),
    });
    if (!response.ok) {
      const text = await response.text();
      return { type: "response", command: String(command.type), success: false, error: text };
    }
    return (await response.json()) as ResponseLine;
  } catch (error) {
    const message = `gong web is not reachable (${(error as Error).message})`;
    return { type: "response", command: String(command.type), success: false, error: message };
  }
}

/** Calls `onLine` for each event line; `onState` with the connection's state. */
export function openEvents(
  onLine: (line: EventLine) => void,
  onState: (state: "open" | "reconnecting" | "refused") => void,
): EventSource {
  const source = new EventSource("/events");
  source.onopen = () => onState("open");
  // A refusal (403: the cookie is gone, or another gong web now has this port) is not
  // retried by the browser; a dropped connection is.
  source.onerror = () =>
    onState(source.readyState === EventSource.CLOSED ? "refused" : "reconnecting");
  source.onmessage = (message: MessageEvent<string>) => onLine(JSON.parse(message.data));
  return source;
}
