/**
 * web_fetch's HTTP client for one owner (a session): the proxy dispatcher and its pooled
 * connections, made by the first fetch and shared by every web_fetch tool built for the
 * owner — a settings reload builds new tools, not a new pool — until `close()`.
 */
import type { Dispatcher } from "undici";

export class WebConnections {
  private dispatcher: Promise<Dispatcher | undefined> | undefined;

  /** `env`: where HTTP_PROXY / HTTPS_PROXY / NO_PROXY are read (default `process.env`). */
  constructor(private readonly env: NodeJS.ProcessEnv = process.env) {}

  /** The proxy dispatcher, or undefined for direct connections; undici loads on first use. */
  get(): Promise<Dispatcher | undefined> {
    this.dispatcher ??= import("./proxy.js").then(({ proxyDispatcher }) =>
      proxyDispatcher(this.env),
    );
    return this.dispatcher;
  }

  /** Closes the pooled connections; a later fetch makes a new dispatcher. */
  async close(): Promise<void> {
    const made = this.dispatcher;
    this.dispatcher = undefined;
    await (await made)?.close();
  }
}
