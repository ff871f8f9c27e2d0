/**
 * `gong web`: the session of this folder on a local page. The protocol is gong-rpc's
 * (@gong/protocol's ProtocolSession: the same commands, the same event lines, and the
 * page's own session list and tree commands, `WEB_COMMANDS`); the page gets the lines
 * as Server-Sent Events and sends commands with POST. The server lives as long as the
 * process: a signal (Ctrl+C) ends a running turn as print mode does, tells every open
 * page, closes the session and exits 128 + the signal's number (130 for Ctrl+C).
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { ProtocolSession, WEB_COMMANDS } from "@gong/protocol";
import { guardExit, type SessionHost, SIGNAL_EXIT_CODES } from "@gong/runtime";
import type { CliArgs } from "../args.js";
import type { CliIo } from "../io.js";
import { codingSessionOptions } from "../session-options.js";
import { type AccessRule, allowedHosts } from "./access.js";
import { EventLog } from "./event-log.js";
import { createWebServer } from "./http-server.js";
import { loadPageAssets } from "./page-assets.js";
import { isLoopbackHost, type WebOptions } from "./web-args.js";

/** A person at a browser may be in another window: longer than gong-rpc's editor default. */
const QUESTION_TIMEOUT_MS = 5 * 60_000;

export async function webCommand(args: CliArgs, web: WebOptions, io: CliIo): Promise<number> {
  const assets = loadPageAssets();
  const events = new EventLog();
  const feed = sessionFeed(events);
  const opened = await ProtocolSession.open({
    // `--yes` keeps its meaning: calls that need a confirmation run without asking.
    // Warnings go to the page and to the terminal that started it.
    sessionOptions: (questions) => ({
      ...questions,
      ...codingSessionOptions(args, io, (message) => {
        io.stderr(`gong: warning: ${message}\n`);
        questions.onWarning(message);
      }),
    }),
    send: feed.send,
    confirmTimeoutMs: QUESTION_TIMEOUT_MS,
    commands: WEB_COMMANDS,
  });
  if (!opened.ok) {
    io.stderr(`gong: ${opened.error.message}\n`);
    return opened.error.usage ? 2 : 1;
  }
  const protocol = opened.protocol;
  for (const message of opened.warnings) io.stderr(`gong: warning: ${message}\n`);
  feed.start(protocol.host);

  let requestStop: () => void = () => {};
  const stopRequested = new Promise<void>((resolve) => {
    requestStop = resolve;
  });
  const guard = guardExit({ stop: requestStop, processes: () => protocol.host.current.processes });
  try {
    // No Host name is accepted until the port is known: until then every request is refused.
    const token = randomBytes(24).toString("base64url");
    const access: AccessRule = { token, hosts: [], cookie: "gong_web" };
    const server = createWebServer({
      access,
      assets,
      events,
      command: (command) => answer(command, protocol, events),
    });
    const listening = await listen(server, web);
    if (!listening.ok) {
      io.stderr(`gong web: ${listening.error}\n`);
      await protocol.shutDown();
      return 1;
    }
    access.hosts = allowedHosts(web.host, listening.port);
    access.cookie = `gong_web_${listening.port}`;
    announce(io, web, listening.port, access.token);
    await stopRequested;
    const signal = guard.received ?? "SIGINT";
    events.close({
      type: "web_closed",
      message: `gong web was stopped in the terminal (${signal}); the session is saved.`,
    });
    server.close();
    server.closeAllConnections();
    await protocol.shutDown();
    io.stderr("gong: aborted\n");
    return SIGNAL_EXIT_CODES[signal];
  } finally {
    guard.dispose();
  }
}

/**
 * The protocol's lines into the event log. Lines sent while the session opens wait
 * until it has: the header becomes the first snapshot (with a resumed session's
 * messages), the opening's warnings follow it.
 */
function sessionFeed(events: EventLog) {
  let host: SessionHost | undefined;
  let waiting: unknown[] | undefined = [];
  const take = (line: unknown) => {
    const type = (line as { type?: unknown }).type;
    if (type === "session") events.announce(line, host!.current.messages);
    else {
      events.append(line);
      if (type === "run_end") events.settled(host!.current.messages);
    }
  };
  return {
    send(line: unknown) {
      if (waiting) waiting.push(line);
      else take(line);
    },
    start(opened: SessionHost) {
      host = opened;
      const lines = waiting ?? [];
      waiting = undefined;
      for (const line of lines) take(line);
    },
  };
}

/** A command from the page, checked and answered by the protocol (`WEB_COMMANDS`). */
async function answer(
  command: unknown,
  protocol: ProtocolSession,
  events: EventLog,
): Promise<unknown> {
  const fields = isObject(command) ? command : {};
  const response = await protocol.respond(JSON.stringify(command));
  // Every tab shows the question; once one answered, the others close it.
  if (fields.type === "extension_ui_response" && response.success)
    events.append({ type: "web_ui_closed", id: fields.requestId });
  // The protocol has no event for a change of mode: every tab reads it again.
  if (fields.type === "set_mode" && response.success) events.append({ type: "web_mode_changed" });
  return response;
}

async function listen(
  server: Server,
  web: WebOptions,
): Promise<{ ok: true; port: number } | { ok: false; error: string }> {
  return new Promise((resolve) => {
    server.once("error", (error: NodeJS.ErrnoException) =>
      resolve({ ok: false, error: `cannot listen on ${web.host}:${web.port}: ${error.message}` }),
    );
    server.listen(web.port, web.host, () =>
      resolve({ ok: true, port: (server.address() as AddressInfo).port }),
    );
  });
}

function announce(io: CliIo, web: WebOptions, port: number, token: string): void {
  // A wildcard address is no place to browse to; this machine is, under any of its names.
  const name = web.host === "0.0.0.0" || web.host === "::" ? "127.0.0.1" : web.host;
  const url = `http://${name.includes(":") ? `[${name}]` : name}:${port}/?token=${token}`;
  if (!isLoopbackHost(web.host)) {
    io.stderr(
      `gong web: warning: listening on ${web.host}, not only this machine: anyone who can reach it and learns the URL drives this session (commands run as you). Prefer an SSH tunnel to 127.0.0.1.\n`,
    );
  }
  io.stdout(`gong web: ${url}\n`);
  io.stdout("gong web: open the URL above in a browser; Ctrl+C stops the server.\n");
  if (web.open) openBrowser(url, io);
}

/** The system's way of opening a URL; a failure is reported, the server goes on. */
function openBrowser(url: string, io: CliIo): void {
  const command =
    process.platform === "darwin" ? "open" : process.platform === "win32" ? "explorer" : "xdg-open";
  const child = spawn(command, [url], { stdio: "ignore", detached: true });
  child.on("error", (error) =>
    io.stderr(`gong web: could not open a browser (${error.message}); open the URL yourself\n`),
  );
  child.unref();
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
