/**
 * The page of `gong web`: the event stream folds into the transcript; the prompt box
 * sends `prompt` (while a run is in progress: steer or follow-up, as chosen), the stop
 * button `abort`; dialogs answer gong's questions; the status bar and the side panel
 * read and change the session.
 */
import type { Message } from "@gong/runtime";
import { type EventLine, openEvents, sendCommand } from "./connection.ts";
import { closeAllRequests, closeRequest, showRequest } from "./dialogs.ts";
import { SessionsPanel } from "./sessions.ts";
import { ShellsPanel } from "./shells.ts";
import { StatusBar } from "./status.ts";
import { Transcript } from "./transcript.ts";

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

const transcript = new Transcript(byId("transcript"));
const showError = (text: string) => transcript.note(text, "warn");
const status = new StatusBar(
  {
    header: byId("status"),
    model: byId("model"),
    thinking: byId("thinking"),
    mode: byId("permission-mode"),
    sandbox: byId("sandbox"),
    usage: byId("usage"),
  },
  showError,
);
const panel = new SessionsPanel(
  { sessions: byId("sessions"), tree: byId("tree"), newSession: byId("new-session") },
  showError,
);
const shells = new ShellsPanel(byId("shells"), showError);
const form = byId<HTMLFormElement>("prompt-form");
const input = byId<HTMLTextAreaElement>("prompt");
const stop = byId<HTMLButtonElement>("stop");
const delivery = byId<HTMLSelectElement>("delivery");
const connection = byId("connection");

let running = false;

function setRunning(value: boolean): void {
  running = value;
  document.body.classList.toggle("running", value);
  stop.disabled = !value;
  delivery.hidden = !value;
  input.placeholder = value
    ? "The agent is working: Enter steers it (or queues a follow-up, as chosen)"
    : "Ask gong… (Enter sends, Shift+Enter a new line)";
}

function refresh(messages: readonly Message[]): void {
  void status.refresh(messages).then((state) => {
    if (state) setRunning(state.isStreaming);
  });
  void panel.refresh();
  void shells.refresh();
}

function onLine(line: EventLine): void {
  // A subagent's own events (tagged with its task call): the task block shows its progress
  // (the task call's own updates) and then its result; its transcript is a file of its own.
  if ("parentToolCallId" in line) return;
  switch (line.type) {
    case "web_snapshot":
      closeAllRequests();
      transcript.reset(line.messages as Message[]);
      refresh(line.messages as Message[]);
      return;
    case "agent_start":
      setRunning(true);
      return;
    case "run_end":
      transcript.apply(line);
      closeAllRequests();
      setRunning(false);
      if (line.ok === false && line.aborted !== true && line.errorMessage)
        showError(String(line.errorMessage));
      refresh(transcript.messages);
      return;
    case "web_mode_changed":
      void status.refresh(transcript.messages);
      return;
    case "model_change":
    case "thinking_level_change":
    case "messages_replaced":
      transcript.apply(line);
      refresh(transcript.messages);
      return;
    case "extension_ui_request":
      showRequest(line as never, showError);
      return;
    case "web_ui_closed":
      closeRequest(String(line.id));
      // An approved plan ends plan mode.
      refresh(transcript.messages);
      return;
    case "web_closed":
      closeAllRequests();
      source.close();
      connection.textContent = "stopped";
      setRunning(false);
      form.querySelector("fieldset")!.disabled = true;
      transcript.note(String(line.message), "warn");
      return;
    case "tool_execution_end":
      transcript.apply(line);
      // A shell started, read or killed: the panel shows it at once.
      if (["bash", "bash_output", "kill_shell"].includes(String(line.toolName)))
        void shells.refresh();
      return;
    default:
      transcript.apply(line);
  }
}

const CONNECTION_TEXT = {
  open: "live",
  reconnecting: "reconnecting…",
  refused: "disconnected: open the URL gong web printed (or close other tabs of it)",
};
const source = openEvents(onLine, (state) => {
  connection.textContent = CONNECTION_TEXT[state];
});

async function submit(): Promise<void> {
  const message = input.value;
  if (message.trim() === "") return;
  input.value = "";
  const command = running
    ? { type: "prompt", message, streamingBehavior: delivery.value }
    : { type: "prompt", message };
  const response = await sendCommand(command);
  if (!response.success) {
    input.value = message;
    showError(response.error ?? "the prompt was not taken");
  } else if (running)
    transcript.note(`${delivery.value === "steer" ? "steering" : "queued"}: ${message}`);
}

form.addEventListener("submit", (event) => {
  event.preventDefault();
  void submit();
});
input.addEventListener("keydown", (event) => {
  if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
    event.preventDefault();
    void submit();
  }
});
stop.addEventListener("click", async () => {
  const response = await sendCommand({ type: "abort" });
  if (!response.success) showError(response.error ?? "");
});
setRunning(false);
input.focus();
