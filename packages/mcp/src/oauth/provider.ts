/**
 * Gong's side of the SDK's OAuth client flow for one remote server: the client it
 * registers as (or the entry's pre-registered `clientId`), the tokens kept in the
 * token store, and the browser step — the authorization URL printed and opened, the
 * code taken by a one-shot listener on 127.0.0.1. Where nobody can open a browser
 * (`gong mcp list`) the flow stops with the command that logs in.
 */
import { randomBytes } from "node:crypto";
import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import {
  CALLBACK_PATH,
  type CallbackListener,
  type CallbackOutcome,
  openCallbackListener,
} from "./callback-listener.js";
import { insecureOAuthEndpoint } from "./secure-endpoint.js";
import type { OAuthStore } from "./token-store.js";

/** The entry's `oauth` key. */
export interface McpOAuthEntry {
  clientId?: string;
  clientSecret?: string;
  clientMetadataUrl?: string;
  scopes?: string[];
}

export interface GongOAuthProviderOptions {
  server: string;
  entry: McpOAuthEntry | undefined;
  store: OAuthStore;
  /** false: a login that needs the browser fails with the command to run instead. */
  interactive: boolean;
  /** Shows the authorization URL and opens it (in the browser, or a test's fetch). */
  openAuthorizationUrl: (url: string) => void;
}

export class GongOAuthProvider implements OAuthClientProvider {
  private redirect: string | undefined;
  private verifier: string | undefined;
  private expectedState = "";
  private listener: CallbackListener | undefined;
  private outcome: Promise<CallbackOutcome> | undefined;
  /** An OAuth flow (discovery, registration, refresh or browser login) is under way. */
  authorizing = false;
  /** The OAuth flows begun so far (a connection tells whether one ran during its start). */
  flows = 0;
  /** The scopes the last authorization asked for (a step-up asks for them again, plus the new). */
  requestedScope: string | undefined;

  constructor(private readonly options: GongOAuthProviderOptions) {}

  /**
   * Opens the callback listener before `auth()` (it stays bound until `endFlow`): on the
   * port the client was registered with, else (never registered, or that port is taken
   * now) a free one — and a client registered for another port registers again.
   */
  async prepare(): Promise<void> {
    if (this.listener) return;
    const stored = this.options.store.read().redirectUrl;
    const wanted = Number(new URL(this.redirect ?? stored ?? "http://127.0.0.1:0").port);
    this.listener = await openCallbackListener(wanted);
    this.redirect = `http://127.0.0.1:${this.listener.port}${CALLBACK_PATH}`;
    if (this.redirect === stored) return;
    this.options.store.update((s) => ({
      ...s,
      redirectUrl: this.redirect,
      // Registered for the old redirect URL: the authorization server would refuse the new one.
      ...(stored ? { clientInformation: undefined } : {}),
    }));
  }

  /** The flow is over (authorized or not): the callback port is let go. */
  endFlow(): void {
    this.listener?.close();
    this.listener = undefined;
    this.outcome = undefined;
  }

  get redirectUrl(): string | undefined {
    return this.redirect;
  }

  get clientMetadataUrl(): string | undefined {
    return this.options.entry?.clientMetadataUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    const scopes = this.options.entry?.scopes;
    return {
      client_name: "gong",
      redirect_uris: this.redirect ? [this.redirect] : [],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      // A CLI keeps no secret of its own: a public client, PKCE protects the code.
      token_endpoint_auth_method: "none",
      ...(scopes?.length ? { scope: scopes.join(" ") } : {}),
    };
  }

  state(): string {
    this.expectedState = randomBytes(16).toString("hex");
    return this.expectedState;
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    const { clientId, clientSecret } = this.options.entry ?? {};
    if (clientId)
      return { client_id: clientId, ...(clientSecret ? { client_secret: clientSecret } : {}) };
    return this.options.store.read().clientInformation;
  }

  saveClientInformation(clientInformation: OAuthClientInformationMixed): void {
    this.options.store.update((s) => ({ ...s, clientInformation }));
  }

  tokens(): OAuthTokens | undefined {
    return this.options.store.read().tokens;
  }

  saveTokens(tokens: OAuthTokens): void {
    this.options.store.update((s) => ({ ...s, tokens }));
  }

  async redirectToAuthorization(authorizationUrl: URL): Promise<void> {
    const insecure = insecureOAuthEndpoint(authorizationUrl, "authorization endpoint");
    if (insecure) {
      throw new Error(`MCP server "${this.options.server}" cannot log in: ${insecure}`);
    }
    if (!this.options.interactive) {
      throw new Error(
        `MCP server "${this.options.server}" needs a login: run \`gong mcp login ${this.options.server}\``,
      );
    }
    if (!this.listener) throw new Error("no login is in progress");
    this.outcome = this.listener.expect(this.expectedState);
    this.options.openAuthorizationUrl(authorizationUrl.toString());
  }

  /** The code the browser brought back to the listener (after `redirectToAuthorization`). */
  async authorizationCode(): Promise<string> {
    if (!this.outcome) throw new Error("no login is in progress");
    const outcome = await this.outcome;
    if (!outcome.ok)
      throw new Error(`the login to MCP server "${this.options.server}" failed: ${outcome.reason}`);
    return outcome.code;
  }

  saveCodeVerifier(codeVerifier: string): void {
    this.verifier = codeVerifier;
  }

  codeVerifier(): string {
    if (!this.verifier) throw new Error("no login is in progress");
    return this.verifier;
  }

  invalidateCredentials(scope: "all" | "client" | "tokens" | "verifier" | "discovery"): void {
    if (scope === "verifier" || scope === "discovery") {
      if (scope === "verifier") this.verifier = undefined;
      return;
    }
    this.options.store.update((s) => ({
      ...s,
      ...(scope !== "client" ? { tokens: undefined } : {}),
      ...(scope !== "tokens" ? { clientInformation: undefined } : {}),
    }));
  }

  /** Ends a login still waiting for the browser (the session closes). */
  close(): void {
    this.endFlow();
  }
}
