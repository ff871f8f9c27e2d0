/**
 * The fetch a remote server's transport uses: it adds the bearer token, and on a 401 (or
 * a 403 `insufficient_scope`, a step-up) runs the SDK's OAuth flow — discovery,
 * registration, refresh with the refresh token, or the browser login — and sends the
 * request once more. The SDK's transports do this too, but stop at the browser step
 * with an error; here the flow waits for the browser and the request goes on, during
 * the connect or mid-call alike. One login at a time per server.
 */
import {
  auth,
  extractWWWAuthenticateParams,
  UnauthorizedError,
} from "@modelcontextprotocol/sdk/client/auth.js";
import type { FetchLike } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { GongOAuthProvider } from "./provider.js";
import { insecureOAuthEndpoint } from "./secure-endpoint.js";

export function authorizedFetch(
  provider: GongOAuthProvider,
  serverUrl: URL,
  base: FetchLike = fetch,
): FetchLike {
  let authorizing: Promise<void> | undefined;
  const send = async (input: string | URL, init?: RequestInit): Promise<Response> => {
    const headers = new Headers(init?.headers);
    const tokens = provider.tokens();
    if (tokens) headers.set("Authorization", `Bearer ${tokens.access_token}`);
    return base(input, { ...init, headers });
  };
  return async (input, init) => {
    const response = await send(input, init);
    const challenge = authChallenge(response);
    if (!challenge) return response;
    await response.body?.cancel();
    provider.authorizing = true;
    if (!authorizing) provider.flows++;
    authorizing ??= authorize(provider, serverUrl, challenge, base).finally(() => {
      authorizing = undefined;
      provider.authorizing = false;
    });
    await authorizing;
    // Once: a server that still refuses gets its answer back to the transport (an error).
    return send(input, init);
  };
}

interface Challenge {
  resourceMetadataUrl: URL | undefined;
  scope: string | undefined;
  stepUp: boolean;
}

function authChallenge(response: Response): Challenge | undefined {
  if (response.status !== 401 && response.status !== 403) return undefined;
  const { resourceMetadataUrl, scope, error } = extractWWWAuthenticateParams(response);
  if (response.status === 403 && error !== "insufficient_scope") return undefined;
  return { resourceMetadataUrl, scope, stepUp: response.status === 403 };
}

async function authorize(
  provider: GongOAuthProvider,
  serverUrl: URL,
  challenge: Challenge,
  fetchFn: FetchLike,
): Promise<void> {
  await provider.prepare();
  try {
    await runFlow(provider, serverUrl, challenge, fetchFn);
  } finally {
    provider.endFlow();
  }
}

async function runFlow(
  provider: GongOAuthProvider,
  serverUrl: URL,
  challenge: Challenge,
  fetchFn: FetchLike,
): Promise<void> {
  // A step-up asks for the new scopes *and* the ones held so far (the union, as the MCP
  // spec's scope challenge handling says): a token with only the new scope would fail the
  // next ordinary request and start another login (oauth.test.ts, "step-up").
  const scope = challenge.stepUp
    ? unionOfScopes(
        provider.clientMetadata.scope,
        provider.requestedScope,
        provider.tokens()?.scope,
        challenge.scope,
      )
    : challenge.scope;
  // A refresh keeps the old scopes: a step-up needs the user's consent to the new ones.
  if (challenge.stepUp) provider.invalidateCredentials("tokens");
  if (scope) provider.requestedScope = scope;
  const options = {
    serverUrl,
    resourceMetadataUrl: challenge.resourceMetadataUrl,
    scope,
    fetchFn: secureOAuthFetch(serverUrl, fetchFn),
  };
  let result = await auth(provider, options);
  if (result === "REDIRECT") {
    const authorizationCode = await provider.authorizationCode();
    result = await auth(provider, { ...options, authorizationCode });
  }
  if (result !== "AUTHORIZED") throw new UnauthorizedError(`the OAuth flow ended with ${result}`);
}

/**
 * The flow's own requests (discovery, registration, token) over https, or plain http on
 * loopback; the MCP server's own resource metadata may come from the URL the user
 * configured for it, whatever its scheme.
 */
function secureOAuthFetch(serverUrl: URL, fetchFn: FetchLike): FetchLike {
  return (input, init) => {
    const url = new URL(input);
    const ownMetadata =
      url.origin === serverUrl.origin &&
      url.pathname.startsWith("/.well-known/oauth-protected-resource");
    const insecure = ownMetadata ? undefined : insecureOAuthEndpoint(url, "OAuth endpoint");
    if (insecure) return Promise.reject(new Error(insecure));
    return fetchFn(input, init);
  };
}

/** The space-separated scopes of every list given, each once, in first-seen order. */
function unionOfScopes(...lists: (string | undefined)[]): string | undefined {
  const scopes = new Set(lists.flatMap((list) => list?.split(/\s+/).filter(Boolean) ?? []));
  return scopes.size > 0 ? [...scopes].join(" ") : undefined;
}
