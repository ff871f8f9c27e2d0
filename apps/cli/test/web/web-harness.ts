import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { request } from "node:http";
import { HANG_GUARD_MS } from "@gong/testing";
import type { GongSandbox } from "@gong/testing/vitest";
import { afterEach } from "vitest";
import { BIN } from "../harness.js";

const running = new Set<GongWeb>();
afterEach(() => {
  for (const web of running) web.kill();
  running.clear();
});

/** A running `gong web` and the URL it printed (with its token). */
export class GongWeb {
  stdout = "";
  stderr = "";
  readonly exited: Promise<number | null>;

  private constructor(
    readonly child: ChildProcessWithoutNullStreams,
    readonly url: URL,
  ) {
    this.exited = new Promise((resolve) => {
      if (child.exitCode !== null) resolve(child.exitCode);
      else child.on("close", (code) => resolve(code));
    });
  }

  static async start(box: Pick<GongSandbox, "cwd" | "env">, args: string[] = []): Promise<GongWeb> {
    const child = spawn(process.execPath, [BIN, "web", ...args], {
      cwd: box.cwd,
      env: box.env,
      stdio: "pipe",
    });
    child.stdout.setEncoding("utf8");
    child.stderr.setEncoding("utf8");
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk: string) => {
      stderr += chunk;
    });
    const url = await new Promise<URL>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no URL from gong web\n${stdout}\n${stderr}`)),
        HANG_GUARD_MS,
      );
      const check = () => {
        const match = /gong web: (http:\/\/\S+)/.exec(stdout);
        if (!match) return;
        clearTimeout(timer);
        resolve(new URL(match[1]!));
      };
      child.stdout.on("data", check);
      child.on("close", () => reject(new Error(`gong web exited\n${stdout}\n${stderr}`)));
    });
    const web = new GongWeb(child, url);
    child.stdout.on("data", (chunk: string) => {
      web.stdout += chunk;
    });
    child.stderr.on("data", (chunk: string) => {
      web.stderr += chunk;
    });
    web.stdout = stdout;
    web.stderr = stderr;
    running.add(web);
    return web;
  }

  /** host:port of the server, as the browser addresses it. */
  get origin(): string {
    return this.url.origin;
  }

  kill(): void {
    if (this.child.exitCode === null) this.child.kill("SIGKILL");
  }
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * A request with headers a browser would not let a page set (Host), to the server's
 * port; reads at most `readMs` of a streaming body.
 */
export function rawRequest(
  web: GongWeb,
  path: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    readMs?: number;
  } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: web.url.port,
        path,
        method: options.method ?? "GET",
        headers: { host: web.url.host, ...options.headers },
      },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          body += chunk;
        });
        const done = () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body });
        response.on("end", done);
        if (options.readMs !== undefined)
          setTimeout(() => {
            done();
            req.destroy();
          }, options.readMs);
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

/** The cookie the server sets for the printed token. */
export async function loginCookie(web: GongWeb): Promise<string> {
  const response = await rawRequest(web, `/?token=${web.url.searchParams.get("token")}`);
  const cookie = response.headers["set-cookie"]?.[0];
  if (response.status !== 303 || !cookie) throw new Error(`no cookie: ${response.status}`);
  return cookie.split(";")[0]!;
}
