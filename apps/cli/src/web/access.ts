/**
 * Who may talk to `gong web`: the page drives a coding agent that runs commands, so
 * every request must come from the user's own browser tab, and every check that
 * cannot decide says no (403).
 * - The token: printed once in the URL; the first load with `?token=` trades it for an
 *   HttpOnly, SameSite=Strict cookie (scripts cannot read it, other sites cannot send
 *   it) and redirects to the bare URL, so the token leaves the address bar.
 * - Host: a page of another site that rebinds its DNS name to 127.0.0.1 reaches this
 *   port under its own name; only the names this server was started for are accepted.
 * - Origin, when the browser sends one, must be this server itself.
 */
import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { networkInterfaces } from "node:os";

export type AccessDecision =
  | { ok: true }
  /** The right token in the query: set the cookie and redirect to `location`. */
  | { ok: "token"; location: string }
  | { ok: false; reason: string };

export interface AccessRule {
  token: string;
  /** `host:port` values the Host header may have. */
  hosts: readonly string[];
  /**
   * The cookie's name, with the port in it: cookies are shared by every port of a host,
   * and a second `gong web` must not replace the first one's.
   */
  cookie: string;
}

/**
 * The names this server answers to: the loopback ones, `--host` when it is another,
 * and for a wildcard address (0.0.0.0, ::) this machine's own addresses — all IP
 * literals or names the user chose, none that another site's DNS could point here.
 */
export function allowedHosts(bound: string, port: number): string[] {
  const names = new Set(["127.0.0.1", "localhost", "[::1]", bracketed(bound)]);
  if (bound === "0.0.0.0" || bound === "::") {
    for (const addresses of Object.values(networkInterfaces())) {
      for (const { address } of addresses ?? []) names.add(bracketed(address));
    }
  }
  return [...names].map((name) => `${name}:${port}`.toLowerCase());
}

function bracketed(address: string): string {
  return address.includes(":") ? `[${address}]` : address;
}

export function checkAccess(request: IncomingMessage, rule: AccessRule): AccessDecision {
  const host = request.headers.host;
  if (!host || !rule.hosts.includes(host.toLowerCase()))
    return { ok: false, reason: `Host ${JSON.stringify(host ?? "")} is not this server` };
  const origin = request.headers.origin;
  if (origin !== undefined && origin.toLowerCase() !== `http://${host.toLowerCase()}`)
    return { ok: false, reason: `Origin ${JSON.stringify(origin)} is not this server` };
  const url = new URL(request.url ?? "/", `http://${host}`);
  const queryToken = url.searchParams.get("token");
  if (queryToken !== null) {
    if (!sameSecret(queryToken, rule.token)) return { ok: false, reason: "wrong token" };
    url.searchParams.delete("token");
    return { ok: "token", location: `${url.pathname}${url.search}` };
  }
  const cookie = cookieValue(request.headers.cookie, rule.cookie);
  if (cookie === undefined) return { ok: false, reason: "no token: open the URL gong web printed" };
  if (!sameSecret(cookie, rule.token)) return { ok: false, reason: "wrong token" };
  return { ok: true };
}

/** The cookie that stands for the token from now on (a session cookie: gone with the browser). */
export function tokenCookie(rule: AccessRule): string {
  return `${rule.cookie}=${rule.token}; HttpOnly; SameSite=Strict; Path=/`;
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const pair of (header ?? "").split(";")) {
    const equals = pair.indexOf("=");
    if (equals !== -1 && pair.slice(0, equals).trim() === name)
      return pair.slice(equals + 1).trim();
  }
  return undefined;
}

/** Compared in constant time: the answer's timing does not leak how much of it matched. */
function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
