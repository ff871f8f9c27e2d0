/**
 * The `session/update` notifications of one ACP session, sent in the order they are
 * made: each waits for the one before it. The prompt's event stream and the permission
 * gate share it, so an editor never sees a call's status change before the call.
 */
import { type AgentContext, methods, type SessionUpdate } from "@agentclientprotocol/sdk";

export class SessionUpdates {
  private sent = Promise.resolve();

  constructor(
    private readonly client: AgentContext,
    private readonly sessionId: () => string,
  ) {}

  send(update: SessionUpdate): void {
    this.sent = this.sent
      .then(() =>
        this.client.notify(methods.client.session.update, { sessionId: this.sessionId(), update }),
      )
      // One lost update (the client went away) must not hold back every later one.
      .catch((error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        process.stderr.write(`gong-rpc: warning: a session update was not sent: ${message}\n`);
      });
  }

  /** Resolves once every update sent so far is out. */
  flushed(): Promise<void> {
    return this.sent;
  }
}
