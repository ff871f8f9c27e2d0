import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { GongOAuthProvider } from "../src/oauth/provider.ts";
import { OAuthStore } from "../src/oauth/token-store.ts";

function provider(store: OAuthStore): GongOAuthProvider {
  return new GongOAuthProvider({
    server: "remote",
    entry: undefined,
    store,
    interactive: true,
    openAuthorizationUrl: () => {},
  });
}

/** Binds 127.0.0.1:port; resolves to the error code when it cannot. */
function tryBind(port: number): Promise<string> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve("bound")));
  });
}

function port(url: string | undefined): number {
  return Number(new URL(url ?? "").port);
}

describe("mcp oauth — the callback port is held from registration to the end of the login", () => {
  it("nothing else can take the redirect URL's port while the flow runs; it is let go after", async () => {
    const store = new OAuthStore(mkdtempSync(path.join(tmpdir(), "gong-oauth-")), "remote", "u");
    const oauth = provider(store);
    await oauth.prepare();
    const redirect = oauth.redirectUrl;
    expect(store.read().redirectUrl).toBe(redirect);
    expect(await tryBind(port(redirect))).toBe("EADDRINUSE");
    oauth.endFlow();
    expect(await tryBind(port(redirect))).toBe("bound");
  });

  it("a registered port taken by another process: another port, and the client registers again", async () => {
    const store = new OAuthStore(mkdtempSync(path.join(tmpdir(), "gong-oauth-")), "remote", "u");
    const squatter = createServer();
    await new Promise<void>((resolve) => squatter.listen(0, "127.0.0.1", resolve));
    const taken = (squatter.address() as { port: number }).port;
    store.update(() => ({
      redirectUrl: `http://127.0.0.1:${taken}/callback`,
      clientInformation: { client_id: "registered-for-the-old-port" },
    }));
    const oauth = provider(store);
    try {
      await oauth.prepare();
      expect(port(oauth.redirectUrl)).not.toBe(taken);
      expect(store.read()).toEqual({ redirectUrl: oauth.redirectUrl });
    } finally {
      oauth.endFlow();
      squatter.close();
    }
  });
});
