import { subagentWireEncoder, toJsonLine, wireEncoder } from "@gong/protocol";
import type { CodingSession, TypedRunOutcome } from "@gong/runtime";
import type { CliIo } from "../io.js";
import { type HeadlessTerms, runHeadless } from "./headless-run.js";

/**
 * The version of the json lines' shapes (docs/events.schema.json), on the first line:
 * raised when an event changes in a way a reader could notice.
 */
export const EVENTS_SCHEMA_VERSION = 1;

/**
 * `--mode json`: the session header line (with `schemaVersion`), the warnings raised
 * while the session opened, then every event as one JSON object per line,
 * written as it happens (in their wire form: a tool's streamed output as deltas). The caller's exit code says whether the run succeeded (pi exits
 * 0 even on failure; scripts then have to parse the stream to notice).
 */
export async function runJsonMode(
  session: CodingSession,
  prompts: string[],
  openingWarnings: readonly string[],
  io: CliIo,
  terms: HeadlessTerms,
): Promise<TypedRunOutcome> {
  const write = (value: unknown) => io.stdout(toJsonLine(value));
  write({ ...session.file.header, schemaVersion: EVENTS_SCHEMA_VERSION });
  for (const message of openingWarnings) write({ type: "warning", message });
  const encode = wireEncoder();
  const unsubscribe = session.subscribe((event) => write(encode(event)));
  // A subagent's events carry `parentToolCallId`: its tool calls' ids are its own.
  const encodeSubagent = subagentWireEncoder();
  const unsubscribeSubagents = session.subscribeSubagents((event) => write(encodeSubagent(event)));
  try {
    return await runHeadless(session, prompts, terms);
  } finally {
    unsubscribe();
    unsubscribeSubagents();
  }
}
