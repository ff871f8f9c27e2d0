/**
 * The HTTP side of `gong web`: one page and its two files, the event stream
 * (`GET /events`, Server-Sent Events) and the commands (`POST /command`, one JSON
 * command in, its response out). Every request passes the access checks (access.ts)
 * first.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { type AccessRule, checkAccess, tokenCookie } from "./access.js";
import { type EventLog, MAX_TABS } from "./event-log.js";
import type { Asset } from "./page-assets.js";

/** A command with an image or two fits; a body beyond this is refused unread. */
const MAX_COMMAND_BYTES = 32 * 1024 * 1024;

/**
 * Defence in depth behind the renderer's escaping: the page runs only its own script,
 * loads nothing from elsewhere and cannot be framed.
 */
const SECURITY_HEADERS = {
  "content-security-policy":
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
};

export interface WebRoutes {
  access: AccessRule;
  assets: Map<string, Asset>;
  events: EventLog;
  /** The response to one command (any JSON value the page sent). */
  command(command: unknown): Promise<unknown>;
}

export function createWebServer(routes: WebRoutes): Server {
  return createServer((request, response) => {
    handle(request, response, routes).catch((error: unknown) => {
      // A request that failed half-way: the connection is dropped, the server goes on.
      response.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  });
}

async function handle(
  request: IncomingMessage,
  response: ServerResponse,
  routes: WebRoutes,
): Promise<void> {
  const access = checkAccess(request, routes.access);
  if (access.ok === false) return refuse(response, 403, `gong web: ${access.reason}\n`);
  if (access.ok === "token") {
    response.writeHead(303, {
      ...SECURITY_HEADERS,
      location: access.location,
      "set-cookie": tokenCookie(routes.access),
    });
    response.end();
    return;
  }
  const path = new URL(request.url ?? "/", "http://gong").pathname;
  if (request.method === "GET" && path === "/events") {
    if (routes.events.full)
      return refuse(
        response,
        429,
        `gong web: too many open event streams (${MAX_TABS} at most): close some tabs of this page, then reload\n`,
      );
    const lastEventId = request.headers["last-event-id"];
    routes.events.open(response, typeof lastEventId === "string" ? lastEventId : undefined);
    return;
  }
  if (request.method === "POST" && path === "/command")
    return answerCommand(request, response, routes);
  const asset = routes.assets.get(path);
  if (request.method === "GET" && asset) return sendAsset(request, response, asset);
  refuse(response, 404, "gong web: not found\n");
}

async function answerCommand(
  request: IncomingMessage,
  response: ServerResponse,
  routes: WebRoutes,
): Promise<void> {
  // A form of another site can post text/plain without asking; JSON it cannot.
  if (!request.headers["content-type"]?.startsWith("application/json"))
    return refuse(response, 415, "gong web: commands are application/json\n");
  const body = await readBody(request);
  if (body === undefined) return refuse(response, 413, "gong web: command too large\n");
  let command: unknown;
  try {
    command = JSON.parse(body);
  } catch (error) {
    return refuse(response, 400, `gong web: invalid JSON: ${(error as Error).message}\n`);
  }
  const answer = await routes.command(command);
  response.writeHead(200, {
    ...SECURITY_HEADERS,
    "content-type": "application/json",
    "cache-control": "no-store",
  });
  response.end(JSON.stringify(answer));
}

function sendAsset(request: IncomingMessage, response: ServerResponse, asset: Asset): void {
  const gzip = /\bgzip\b/.test(String(request.headers["accept-encoding"] ?? ""));
  response.writeHead(200, {
    ...SECURITY_HEADERS,
    "content-type": asset.type,
    "cache-control": "no-store",
    ...(gzip ? { "content-encoding": "gzip" } : {}),
  });
  response.end(gzip ? asset.gzipped : asset.body);
}

function refuse(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { ...SECURITY_HEADERS, "content-type": "text/plain; charset=utf-8" });
  response.end(text);
}

/** The request body as text, or undefined past the size limit. */
async function readBody(request: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_COMMAND_BYTES) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}
