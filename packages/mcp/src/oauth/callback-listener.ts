/**
 * The OAuth redirect's landing place: a one-shot HTTP listener on 127.0.0.1 that takes
 * the authorization code from the first request carrying the expected `state`, answers
 * the browser with a short page, and closes. A request with another state (a stale tab,
 * or a page on this machine probing the port) gets an error page and the wait goes on:
 * it must not end the user's login (oauth.test.ts, "a wrong state does not abort").
 * The authorization server's answer with the right state (a code, or an error such as
 * access_denied) or no answer in time ends the wait.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export const CALLBACK_PATH = "/callback";
/** How long a login may take in the browser. */
export const CALLBACK_TIMEOUT_MS = 5 * 60 * 1000;

export type CallbackOutcome = { ok: true; code: string } | { ok: false; reason: string };

export interface CallbackListener {
  /** The port it listens on (the redirect URL's). */
  port: number;
  /**
   * The code of the first redirect carrying `state`, or why there is none; the listener
   * is closed by then.
   */
  expect(state: string, timeoutMs?: number): Promise<CallbackOutcome>;
  close(): void;
}

/**
 * Listens on 127.0.0.1 from before the redirect URL is sent anywhere until the login
 * ends: `wanted` when it is free, else any port. Picking a free port and binding it later
 * lost it to other processes now and then (the conformance suite's parallel servers).
 */
export async function openCallbackListener(wanted = 0): Promise<CallbackListener> {
  let expected: string | undefined;
  let settle: (outcome: CallbackOutcome) => void = () => {};
  const outcome = new Promise<CallbackOutcome>((resolve) => {
    settle = resolve;
  });
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (url.pathname !== CALLBACK_PATH) {
      response.writeHead(404).end();
      return;
    }
    // Another page posting a code to our port must not log us in to its account, nor
    // end the login the user is doing.
    if (expected === undefined || url.searchParams.get("state") !== expected) {
      response.writeHead(400, { "content-type": "text/plain; charset=utf-8" });
      response.end(
        "gong: this answer does not belong to the login gong is waiting for (its state does not match); it was ignored. Finish the login in the tab gong opened.",
      );
      return;
    }
    const result = callbackResult(url);
    response.writeHead(result.ok ? 200 : 400, { "content-type": "text/plain; charset=utf-8" });
    response.end(
      result.ok
        ? "gong: authorized. You can close this tab."
        : `gong: not authorized: ${result.reason}`,
    );
    finish(result);
  });
  let timer: NodeJS.Timeout | undefined;
  const finish = (result: CallbackOutcome) => {
    clearTimeout(timer);
    server.close();
    server.closeAllConnections();
    settle(result);
  };
  try {
    await listen(server, wanted);
  } catch {
    await listen(server, 0);
  }
  const { port } = server.address() as AddressInfo;
  return {
    port,
    expect: (state, timeoutMs = CALLBACK_TIMEOUT_MS) => {
      expected = state;
      clearTimeout(timer);
      timer = setTimeout(
        () => finish({ ok: false, reason: `no answer from the browser in ${timeoutMs / 1000} s` }),
        timeoutMs,
      );
      timer.unref();
      return outcome;
    },
    close: () => finish({ ok: false, reason: "the login was abandoned" }),
  };
}

/** The authorization server's answer to our request (its state already checked). */
function callbackResult(url: URL): CallbackOutcome {
  const error = url.searchParams.get("error");
  if (error) {
    const description = url.searchParams.get("error_description");
    return { ok: false, reason: description ? `${error}: ${description}` : error };
  }
  const code = url.searchParams.get("code");
  return code ? { ok: true, code } : { ok: false, reason: "the redirect carried no code" };
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
}
