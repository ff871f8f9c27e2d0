import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { sessionDirFor } from "@gong/session-store";
import type { FleetProgress, FleetUsage } from "./job.js";

/** One headless `gong -p --mode json` run, read from its event lines. */
export interface SessionOutcome {
  exitCode: number;
  /** The signal that ended gong, if one did (a worker killed under it). */
  signal: NodeJS.Signals | null;
  output: unknown;
  usage: FleetUsage;
  costUsd: number;
  turns: number;
  sessionFile: string | undefined;
  /** The last assistant message's `errorKind` when it ended in a provider error. */
  errorKind: string | undefined;
  /** That message's error text, or gong's stderr when there is none. */
  errorMessage: string | undefined;
}

export interface SessionRunOptions {
  /** The gong command line up to its flags: `[process.execPath, "/…/dist/bin.js"]`. */
  command: readonly string[];
  args: readonly string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  onProgress: (progress: FleetProgress) => void;
  /** Aborting sends gong SIGINT: it stops the turn and saves the session. */
  signal: AbortSignal;
}

interface RunEndLine {
  reason?: string;
  output?: unknown;
  usage?: Partial<FleetUsage>;
  costUsd?: number;
  turns?: number;
}

interface AssistantMessage {
  role?: string;
  content?: { type: string; text?: string }[];
  usage?: Partial<FleetUsage> & { cost?: { total?: number } };
  stopReason?: string;
  errorKind?: string;
  errorMessage?: string;
}

/** Folds event lines into the outcome; `run_end` (when gong writes one) has the last word. */
class EventReader {
  turns = 0;
  costUsd = 0;
  usage: FleetUsage = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
  lastAssistant: AssistantMessage | undefined;
  runEnd: RunEndLine | undefined;
  session: { id: string; cwd: string } | undefined;

  read(line: string): boolean {
    let event: Record<string, unknown>;
    try {
      event = JSON.parse(line) as Record<string, unknown>;
    } catch {
      return false; // not an event line (json mode writes only events; safe to skip)
    }
    if (event.type === "session" && typeof event.id === "string")
      this.session = { id: event.id, cwd: String(event.cwd) };
    if (event.type === "run_end") this.runEnd = event as RunEndLine;
    if (event.type !== "turn_end") return false;
    const message = event.message as AssistantMessage | undefined;
    this.turns++;
    if (message?.role === "assistant") {
      this.lastAssistant = message;
      for (const key of ["input", "output", "cacheRead", "cacheWrite"] as const)
        this.usage[key] += message.usage?.[key] ?? 0;
      this.costUsd += message.usage?.cost?.total ?? 0;
    }
    return true;
  }

  finalText(): string {
    return (this.lastAssistant?.content ?? [])
      .filter((block) => block.type === "text")
      .map((block) => block.text ?? "")
      .join("");
  }
}

function findSessionFile(
  session: EventReader["session"],
  env: NodeJS.ProcessEnv,
): string | undefined {
  if (!session) return undefined;
  const dir = sessionDirFor(session.cwd, { env });
  try {
    const name = readdirSync(dir).find((entry) => entry.endsWith(`_${session.id}.jsonl`));
    return name ? path.join(dir, name) : undefined;
  } catch {
    return undefined; // --no-session: no folder, no file
  }
}

function outcomeOf(
  reader: EventReader,
  code: number | null,
  signal: NodeJS.Signals | null,
  stderr: string,
  env: NodeJS.ProcessEnv,
): SessionOutcome {
  const end = reader.runEnd;
  const failed = reader.lastAssistant?.stopReason === "error";
  return {
    exitCode: code ?? 1,
    signal,
    output: end?.output ?? reader.finalText(),
    usage: { ...reader.usage, ...end?.usage },
    costUsd: end?.costUsd ?? reader.costUsd,
    turns: end?.turns ?? reader.turns,
    sessionFile: findSessionFile(reader.session, env),
    errorKind: failed ? reader.lastAssistant?.errorKind : undefined,
    errorMessage:
      (failed ? reader.lastAssistant?.errorMessage : undefined) ?? (stderr.trim() || undefined),
  };
}

/** Runs gong once and resolves when it has exited (never rejects for gong's own failure). */
export function runSession(options: SessionRunOptions): Promise<SessionOutcome> {
  const [program, ...prefix] = options.command;
  if (!program) throw new Error("runSession: empty gong command");
  // A process group of its own: Ctrl+C in the worker's terminal reaches the worker, which
  // decides (finish the jobs), not every session at once.
  const child = spawn(program, [...prefix, ...options.args], {
    cwd: options.cwd,
    env: options.env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const reader = new EventReader();
  let stderr = "";
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (chunk: string) => {
    if (stderr.length < 64 * 1024) stderr += chunk;
  });
  createInterface({ input: child.stdout }).on("line", (line) => {
    if (reader.read(line)) options.onProgress({ turn: reader.turns, costUsd: reader.costUsd });
  });
  const abort = () => child.kill("SIGINT");
  options.signal.addEventListener("abort", abort, { once: true });
  if (options.signal.aborted) abort();
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code, signal) => {
      options.signal.removeEventListener("abort", abort);
      resolve(outcomeOf(reader, code, signal, stderr, options.env));
    });
  });
}
