import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

export interface RedisServer {
  /** `redis://127.0.0.1:<port>`. */
  readonly url: string;
  readonly port: number;
  /** Stops the server (SIGTERM, then waits for it to exit) and removes its folder. */
  stop(): Promise<void>;
}

/** A port the kernel just handed out and took back (`redis-server --port 0` does not listen). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === "string") throw new Error("no free port");
  return address.port;
}

function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.once("error", () => resolve(false));
    socket.connect(port, "127.0.0.1", () => socket.write("PING\r\n"));
    socket.once("data", (data) => {
      socket.destroy();
      resolve(data.toString().startsWith("+PONG"));
    });
  });
}

/**
 * A real `redis-server` on a free loopback port, nothing saved to disk (`--save ''
 * --appendonly no`), its working folder in the temp dir. Resolves once it answers PING;
 * rejects with its output when it exits first (not installed: "spawn redis-server ENOENT").
 */
export async function startRedisServer(binary = "redis-server"): Promise<RedisServer> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), "gong-redis-"));
  const child: ChildProcess = spawn(
    binary,
    [
      "--port",
      String(port),
      "--bind",
      "127.0.0.1",
      "--save",
      "",
      "--appendonly",
      "no",
      "--dir",
      dir,
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let failed: Error | undefined;
  child.once("error", (error) => (failed = error));
  child.once("exit", (code) => (failed ??= new Error(`redis-server exited (${code}): ${output}`)));
  while (!(await answersPing(port))) {
    if (failed) {
      rmSync(dir, { recursive: true, force: true });
      throw failed;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
