/**
 * The words of `gong web`: its own flags (`--port`, `--open`, `--host`) are taken out
 * here; the rest are gong's session flags (`-c`, `-r <id>`, `--model`, …), parsed as
 * for any run. `gong web` takes no message: the prompt is typed on the page.
 */
export interface WebOptions {
  /** 0: a free port the system picks. */
  port: number;
  /** The address to bind; anything but loopback is reachable from the network. */
  host: string;
  /** Open the page in the default browser. */
  open: boolean;
}

export const WEB_USAGE = "usage: gong web [--port N] [--host H] [--open] [-c | -r <id>] [flags]";

export function splitWebFlags(
  words: string[],
): { ok: true; web: WebOptions; rest: string[] } | { ok: false; error: string } {
  const web: WebOptions = { port: 0, host: "127.0.0.1", open: false };
  const rest: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const [name, inline] = word.startsWith("--") ? splitInline(word) : [word, undefined];
    if (name === "--open") {
      if (inline !== undefined) return usage("--open does not take a value");
      web.open = true;
      continue;
    }
    if (name !== "--port" && name !== "--host") {
      rest.push(word);
      continue;
    }
    const value = inline ?? words[++i];
    if (value === undefined || value === "") return usage(`${name} needs a value`);
    if (name === "--host") web.host = value;
    else {
      const port = Number(value);
      if (!/^\d+$/.test(value) || port > 65535)
        return usage(`--port takes a number from 0 to 65535 (got "${value}")`);
      web.port = port;
    }
  }
  return { ok: true, web, rest };
}

function splitInline(word: string): [string, string | undefined] {
  const equals = word.indexOf("=");
  return equals === -1 ? [word, undefined] : [word.slice(0, equals), word.slice(equals + 1)];
}

function usage(error: string): { ok: false; error: string } {
  return { ok: false, error: `${error}\n${WEB_USAGE}` };
}

/** Loopback addresses: only processes of this machine reach a server bound to them. */
export function isLoopbackHost(host: string): boolean {
  return host === "localhost" || host === "::1" || /^127(\.\d{1,3}){3}$/.test(host);
}
