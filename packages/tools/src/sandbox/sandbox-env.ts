/**
 * What a command's environment gains under a sandbox without a network. A lookup there
 * fails at once (the namespace has no route to any name server), but package managers
 * take a failed lookup for a flaky network and retry with backoff: `npm view x` took
 * 70 s to fail, pip 8 s, with nothing to gain (sandbox-bash.test.ts "network false: npm
 * fails at once"). No retry can succeed in a namespace that has no network, so they are
 * turned off; each variable is the tool's documented setting.
 */
import type { BashSandbox } from "./sandbox-argv.js";

const NO_RETRIES: Readonly<Record<string, string>> = {
  // npm and pnpm: the `fetch-retries` setting.
  npm_config_fetch_retries: "0",
  // pip: `--retries`.
  PIP_RETRIES: "0",
  // cargo: `net.retry`.
  CARGO_NET_RETRY: "0",
};

/** The variables to add to a sandboxed command's environment (none when it has a network). */
export function sandboxEnv(sandbox: BashSandbox | undefined): Readonly<Record<string, string>> {
  return sandbox && !sandbox.network ? NO_RETRIES : {};
}
