import type { StatusStream } from "./modes/status-line.js";

/** The process edges the CLI touches, injectable for in-process tests. */
export interface CliIo {
  cwd: string;
  env: NodeJS.ProcessEnv;
  stdinIsTTY: boolean;
  /** stdout is a terminal: text gong did not write is made terminal-safe before it goes there. */
  stdoutIsTTY?: boolean;
  /**
   * Piped stdin, read to EOF. With `firstByteWithinMs`, a stdin that delivers nothing in
   * that time counts as empty (once data flows it is still read to EOF).
   */
  readStdin(options?: { firstByteWithinMs?: number }): Promise<string>;
  stdout(text: string): void;
  stderr(text: string): void;
  /** stderr when it is a terminal (print mode's live status line); else undefined. */
  statusStream?: StatusStream;
}

export function processIo(): CliIo {
  return {
    cwd: process.cwd(),
    env: process.env,
    stdinIsTTY: process.stdin.isTTY === true,
    stdoutIsTTY: process.stdout.isTTY === true,
    readStdin,
    stdout: (text) => {
      process.stdout.write(text);
    },
    stderr: (text) => {
      process.stderr.write(text);
    },
    ...(process.stderr.isTTY ? { statusStream: process.stderr } : {}),
  };
}

function readStdin(options: { firstByteWithinMs?: number } = {}): Promise<string> {
  const stdin = process.stdin;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const finish = (error?: Error) => {
      clearTimeout(timer);
      stdin.off("data", onData);
      stdin.off("end", onEnd);
      stdin.off("error", finish);
      if (error) reject(error);
      else resolve(Buffer.concat(chunks).toString("utf8"));
    };
    const onData = (chunk: Buffer) => {
      clearTimeout(timer);
      chunks.push(chunk);
    };
    const onEnd = () => finish();
    // A stdin nobody writes to and nobody closes (a CI runner's pipe, `ssh host gong -p …`)
    // would wait forever: stop listening and let the run go; destroyed, it no longer
    // keeps the process alive.
    const timer =
      options.firstByteWithinMs === undefined
        ? undefined
        : setTimeout(() => {
            stdin.destroy();
            finish();
          }, options.firstByteWithinMs);
    stdin.on("data", onData);
    stdin.once("end", onEnd);
    stdin.once("error", finish);
  });
}
