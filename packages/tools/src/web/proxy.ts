/**
 * Node's fetch ignores HTTP_PROXY / HTTPS_PROXY / NO_PROXY; undici's EnvHttpProxyAgent
 * honours them. The variables are read from the host's environment (not silently from
 * `process.env`), lower case first as curl does.
 */
import { type Dispatcher, EnvHttpProxyAgent } from "undici";

export function proxyDispatcher(env: NodeJS.ProcessEnv): Dispatcher | undefined {
  const httpProxy = env.http_proxy ?? env.HTTP_PROXY ?? "";
  const httpsProxy = env.https_proxy ?? env.HTTPS_PROXY ?? "";
  if (httpProxy === "" && httpsProxy === "") return undefined;
  return new EnvHttpProxyAgent({
    httpProxy,
    // Like curl: without HTTPS_PROXY, https goes through HTTP_PROXY too.
    httpsProxy: httpsProxy || httpProxy,
    noProxy: env.no_proxy ?? env.NO_PROXY ?? "",
  });
}
