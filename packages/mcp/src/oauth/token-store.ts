/**
 * Where a remote server's OAuth state lives between runs: one JSON file per server under
 * the folder the app gives (`$GONG_HOME/mcp-oauth`), readable by the user alone (0600 in
 * a 0700 folder): it holds bearer and refresh tokens. What the SDK hands over is stored
 * unchanged (its issuer stamps included) so it can check the tokens belong to the
 * authorization server they are sent to.
 */
import { createHash } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type {
  OAuthClientInformationMixed,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";

export interface StoredOAuth {
  clientInformation?: OAuthClientInformationMixed;
  tokens?: OAuthTokens;
  /** The redirect URL the client was registered with: the callback listens on its port again. */
  redirectUrl?: string;
}

export class OAuthStore {
  readonly file: string;

  /** One file per server name and URL: a server moved to another URL logs in anew. */
  constructor(
    private readonly dir: string,
    server: string,
    url: string,
  ) {
    const hash = createHash("sha256").update(`${server}\n${url}`).digest("hex").slice(0, 12);
    this.file = path.join(dir, `${server.replace(/[^A-Za-z0-9_-]/g, "_")}-${hash}.json`);
  }

  /** An unreadable or corrupt file counts as no login: the flow runs again. */
  read(): StoredOAuth {
    try {
      const parsed: unknown = JSON.parse(readFileSync(this.file, "utf8"));
      return parsed && typeof parsed === "object" ? (parsed as StoredOAuth) : {};
    } catch {
      return {};
    }
  }

  update(change: (stored: StoredOAuth) => StoredOAuth): void {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    writeFileSync(this.file, `${JSON.stringify(change(this.read()), null, 2)}\n`, { mode: 0o600 });
    // writeFileSync's mode applies to a new file only; an old one may have been looser.
    chmodSync(this.file, 0o600);
  }

  /** `gong mcp logout`; true when there was a login to forget. */
  remove(): boolean {
    const existed = Object.keys(this.read()).length > 0;
    rmSync(this.file, { force: true });
    return existed;
  }
}

/** `gong mcp logout`: forgets a remote server's login; true when there was one. */
export function forgetMcpLogin(dir: string, server: string, url: string): boolean {
  return new OAuthStore(dir, server, url).remove();
}

/** Whether a remote server has tokens stored (`gong mcp login` tells a login from no need). */
export function hasMcpLogin(dir: string, server: string, url: string): boolean {
  return new OAuthStore(dir, server, url).read().tokens !== undefined;
}
