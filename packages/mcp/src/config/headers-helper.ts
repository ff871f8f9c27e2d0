/**
 * Claude Code's `headersHelper`: a shell command whose stdout is a JSON object of header
 * names to string values, run before each connection to a remote server (a short-lived
 * token, a signed header). It runs only for an entry that loaded, and a project's
 * entries load only in a trusted folder (@gong/settings mcp-servers.ts). Any failure —
 * exit status, no JSON object, a value that is not a string, too slow — is one clear
 * line; the caller then skips the server rather than connect without its headers.
 */
import { execFile } from "node:child_process";
import { isJsonObject } from "./entry.js";

/** Claude Code's limit for the helper. */
export const HEADERS_HELPER_TIMEOUT_MS = 10_000;
const MAX_OUTPUT_BYTES = 1024 * 1024;

export type HeadersHelperResult =
  | { ok: true; headers: Record<string, string> }
  | { ok: false; error: string };

export function runHeadersHelper(
  command: string,
  where: { cwd: string; env: NodeJS.ProcessEnv },
): Promise<HeadersHelperResult> {
  const failed = (why: string): HeadersHelperResult => ({
    ok: false,
    error: `headersHelper \`${command}\` ${why}; the server was skipped (fix the command, or remove headersHelper)`,
  });
  return new Promise((resolve) => {
    execFile(
      "/bin/sh",
      ["-c", command],
      {
        cwd: where.cwd,
        env: where.env,
        timeout: HEADERS_HELPER_TIMEOUT_MS,
        maxBuffer: MAX_OUTPUT_BYTES,
        encoding: "utf8",
      },
      (error, stdout, stderr) => {
        if (error) {
          const detail = stderr.trim().split("\n").pop() || error.message.split("\n")[0];
          resolve(failed(error.killed ? "took too long" : `failed (${detail})`));
          return;
        }
        resolve(parseHeaders(stdout, failed));
      },
    );
  });
}

function parseHeaders(
  stdout: string,
  failed: (why: string) => HeadersHelperResult,
): HeadersHelperResult {
  let value: unknown;
  try {
    value = JSON.parse(stdout);
  } catch {
    return failed("did not print a JSON object of headers");
  }
  if (!isJsonObject(value)) return failed("did not print a JSON object of headers");
  const headers: Record<string, string> = {};
  for (const [name, header] of Object.entries(value)) {
    if (typeof header !== "string") return failed(`printed a non-string value for "${name}"`);
    headers[name] = header;
  }
  return { ok: true, headers };
}
