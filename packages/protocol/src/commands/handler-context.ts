import type { CodingSession, RunOutcome, SessionHost } from "@gong/runtime";
import type { UiRequests } from "../ui-requests.js";
import type { Command, CommandType } from "./command-set.js";

/** What a command's handler works with. */
export interface HandlerContext {
  host: SessionHost;
  cwd: string;
  uiRequests: UiRequests;
  /** Writes the session header line (after a switch: a new session starts here). */
  announceSession(session: CodingSession): void;
  /**
   * Writes the `run_end` line when a prompt's run is over: also for a run that never
   * started an agent loop (a UserPromptSubmit hook blocked it), which has no agent_end.
   */
  reportRunEnd(outcome: RunOutcome): void;
  /** User commands (`bash`) in flight, so `abort` stops them as well. */
  runningBash: Set<AbortController>;
}

/** Runs one command: returns the response's `data`, throws for its `error`. */
export type Handler<T extends CommandType> = (
  command: Extract<Command, { type: T }>,
  context: HandlerContext,
) => unknown;
