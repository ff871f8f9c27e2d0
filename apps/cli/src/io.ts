import type { StatusStream } from "./modes/status-line.js";

/** The process edges the CLI touches, injectable for in-process tests. */
export interface CliIo {
  cwd: string;
  env: NodeJS.ProcessEnv;
  stdinIsTTY: boolean;
  readStdin(): Promise<string>;
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

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
