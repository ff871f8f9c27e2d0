import type { CodingSession, CodingSessionEvent } from "@gong/runtime";
import type { CliIo } from "../io.js";
import { failureLine } from "./failure-line.js";

/**
 * `--mode json`: the session header line, then every event as one JSON object per line,
 * written as it happens. The exit code says whether the run succeeded (pi exits 0 even
 * on failure; scripts then have to parse the stream to notice).
 */
export async function runJsonMode(
  session: CodingSession,
  prompts: string[],
  early: CodingSessionEvent[],
  io: CliIo,
  setWarningSink: (sink: (event: CodingSessionEvent) => void) => void,
): Promise<number> {
  const write = (value: unknown) => io.stdout(`${JSON.stringify(value)}\n`);
  write(session.header);
  for (const event of early) write(event);
  setWarningSink(write);
  const unsubscribe = session.subscribe(write);
  try {
    const outcome = await session.run(prompts);
    if (!outcome.ok) io.stderr(failureLine(session, outcome));
    return outcome.ok ? 0 : 1;
  } finally {
    unsubscribe();
  }
}
