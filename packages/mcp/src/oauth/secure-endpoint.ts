/**
 * OAuth over plain HTTP hands the authorization code, the PKCE verifier and the tokens
 * to anyone on the path: every authorization-server endpoint must be `https:`, except
 * on this machine (loopback), where nothing crosses a network (oauth.test.ts,
 * "a plain-http authorization endpoint on another host is refused").
 */

/** True for 127.0.0.0/8, ::1 and `localhost`. */
export function isLoopbackUrl(url: URL): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return host === "localhost" || host === "::1" || /^127(\.\d{1,3}){3}$/.test(host);
}

/** Why `url` may not carry OAuth traffic, or undefined when it may. */
export function insecureOAuthEndpoint(url: URL, what: string): string | undefined {
  if (url.protocol === "https:") return undefined;
  if (url.protocol === "http:" && isLoopbackUrl(url)) return undefined;
  return `the ${what} ${url.origin}${url.pathname} is not https: an OAuth login over ${url.protocol.replace(":", "")} would send the code and tokens in the clear, so gong refuses it (https is required except on 127.0.0.1/localhost); ask the server's operator for an https address`;
}
