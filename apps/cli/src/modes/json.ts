import {
  type CodingSession,
  type CodingSessionEvent,
  type RunOutcome,
  toJsonLine,
} from "@gong/runtime";
import type { CliIo } from "../io.js";

/**
 * `--mode json`: the session header line, then every event as one JSON object per line,
 * written as it happens. The caller's exit code says whether the run succeeded (pi exits
 * 0 even on failure; scripts then have to parse the stream to notice).
 */
export async function runJsonMode(
  session: CodingSession,
  prompts: string[],
  early: CodingSessionEvent[],
  io: CliIo,
  setWarningSink: (sink: (event: CodingSessionEvent) => void) => void,
): Promise<RunOutcome> {
  const write = (value: unknown) => io.stdout(toJsonLine(value));
  write(session.header);
  for (const event of early) write(event);
  setWarningSink(write);
  const unsubscribe = session.subscribe(write);
  try {
    return await session.run(prompts);
  } finally {
    unsubscribe();
  }
}
