import { createInterface } from "node:readline/promises";
import type { CheckpointList, RewindPlan } from "@gong/checkpoints";
import type { CodingSession } from "@gong/runtime";
import type { CliArgs } from "../args.js";
import type { CliIo } from "../io.js";
import { byOthersWarning, changeLine, formatBytes } from "../rewind-lines.js";
import { terminalSafe } from "../terminal-text.js";
import { openCommandSession } from "./open-session.js";

/**
 * `gong --rewind -c` / `-r <id>`: lists the stored session's checkpoints (the prompts a
 * rewind can go back to, with the files each would change, and the store's size);
 * `gong --rewind <entryId> [--restore code|conversation|both]` shows the files that
 * change, asks on a terminal (`--yes` elsewhere; without it, exit 2), and rewinds.
 */
export async function rewindCommand(args: CliArgs, io: CliIo): Promise<number> {
  const opened = await openCommandSession(args, io, "--rewind");
  if (!opened.ok) return opened.code;
  const session = opened.session;
  try {
    if (args.rewind === true) return await listCheckpoints(session, args, io);
    return await rewindTo(session, args.rewind ?? "", args, io);
  } finally {
    await session.close();
  }
}

/**
 * None to list (checkpoints off, the home folder) exits 0 like none taken yet, saying why;
 * a store that cannot be written now (no file can be compared) exits 1.
 */
async function listCheckpoints(session: CodingSession, args: CliArgs, io: CliIo): Promise<number> {
  const listed = await session.checkpoints.list();
  const sessionId = session.file.header.id;
  const code = listed.ok || listed.none ? 0 : 1;
  if (args.mode === "json") {
    const list = listed.ok
      ? listed.value
      : { checkpoints: [], storeBytes: 0, reason: listed.error };
    io.stdout(`${JSON.stringify({ type: "checkpoints", sessionId, ...list })}\n`);
    return code;
  }
  if (listed.ok) io.stdout(listText(sessionId, listed.value));
  else if (listed.none) io.stdout(`Session ${sessionId} has no checkpoints: ${listed.error}\n`);
  else io.stderr(`gong: --rewind: ${listed.error}\n`);
  return code;
}

function listText(sessionId: string, list: CheckpointList): string {
  const size = `checkpoint store: ${formatBytes(list.storeBytes)}`;
  if (list.checkpoints.length === 0)
    return `Session ${sessionId} has no checkpoints yet (${size}).\n`;
  const lines = list.checkpoints.map((point) => {
    const when = point.timestamp.slice(0, 16).replace("T", " ");
    const byOthers = point.filesByOthers > 0 ? ` (${point.filesByOthers} by others)` : "";
    const files = `${point.files} file${point.files === 1 ? "" : "s"}${byOthers}`.padEnd(9);
    const what = point.kind === "rewind" ? "(before a rewind: undoes it)" : firstLine(point.text);
    return `  ${point.entryId}  ${when}  ${files}  ${what}`;
  });
  return [
    `Checkpoints of session ${sessionId} (${size}); files: what a code rewind changes now`,
    ...lines,
    "Rewind with: gong --rewind <entryId> -c [--restore code|conversation|both]",
    "",
  ].join("\n");
}

async function rewindTo(
  session: CodingSession,
  entryId: string,
  args: CliArgs,
  io: CliIo,
): Promise<number> {
  const restore = args.restore ?? "both";
  const planned = await session.checkpoints.plan(entryId, restore);
  if (!planned.ok) {
    const list = `gong --rewind -r ${session.file.header.id}`;
    io.stderr(`gong: --rewind: ${planned.error}\nThis session's checkpoints: ${list}\n`);
    return 1;
  }
  const plan = planned.value;
  io.stdout(planText(plan));
  const others = byOthersWarning(plan);
  if (others) io.stderr(`gong: --rewind: ${others}\n`);
  if (!args.yes) {
    if (!io.stdinIsTTY) {
      io.stderr(
        "gong: --rewind changes files and the conversation: add --yes to do it without a terminal.\n",
      );
      return 2;
    }
    const answer = await askYes();
    if (answer !== "yes") {
      // An unanswered question leaves the cursor after it.
      io.stdout(answer === "no" ? "Nothing changed.\n" : "\nNothing changed.\n");
      return answer === "interrupted" ? 130 : 0;
    }
  }
  const done = await session.checkpoints.rewind(plan);
  if (!done.ok) {
    io.stderr(`gong: --rewind: ${done.error}\n`);
    return 1;
  }
  const { files, undoId, notRestored, notRestoredReason } = done.value;
  const restored =
    restore === "conversation"
      ? ""
      : `${files.length} file${files.length === 1 ? "" : "s"} put back. `;
  const moved = restore === "code" ? "" : "The conversation continues from before that prompt.";
  io.stdout(`Rewound: ${restored}${moved}\n`);
  if (restore !== "code" && plan.text) io.stdout(`The prompt was:\n${terminalSafe(plan.text)}\n`);
  if (undoId) io.stdout(`Undo with: gong --rewind ${undoId} -r ${session.file.header.id}\n`);
  if (notRestored.length === 0) return 0;
  const lines = notRestored.map((change) => `  ${changeLine(change)}`);
  io.stderr(
    `gong: --rewind: ${notRestored.length} file(s) not put back (${notRestoredReason}):\n${lines.join("\n")}\n`,
  );
  return 1;
}

function planText(plan: RewindPlan): string {
  const what = {
    code: "the files",
    conversation: "the conversation",
    both: "the files and the conversation",
  }[plan.restore];
  const lines = [`Rewinding ${what} to before ${plan.entryId}.`];
  if (plan.restore !== "conversation") {
    lines.push(
      plan.files.length === 0 ? "No file changes." : `${plan.files.length} file(s) change:`,
    );
    for (const change of plan.files) lines.push(`  ${changeLine(change)}`);
  }
  for (const note of plan.notes) lines.push(`Note: ${note}`);
  return `${lines.join("\n")}\n`;
}

/**
 * Ctrl+C and Ctrl+D at the question are answers too (both end it unanswered): nothing is
 * done, and Ctrl+C exits with SIGINT's 130.
 */
async function askYes(): Promise<"yes" | "no" | "closed" | "interrupted"> {
  const reader = createInterface({ input: process.stdin, output: process.stderr });
  // Node 20 leaves a question pending when its reader closes: the signal settles it.
  const unanswered = new AbortController();
  let interrupted = false;
  reader.on("SIGINT", () => {
    interrupted = true;
    unanswered.abort();
  });
  reader.on("close", () => unanswered.abort());
  try {
    const answer = await reader.question("Rewind? [y/N] ", { signal: unanswered.signal });
    return /^y(es)?$/i.test(answer.trim()) ? "yes" : "no";
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ABORT_ERR") throw error;
    return interrupted ? "interrupted" : "closed";
  } finally {
    reader.close();
  }
}

function firstLine(text: string): string {
  const line = text.split("\n", 1)[0] ?? "";
  return terminalSafe(line.length > 60 ? `${line.slice(0, 59)}…` : line);
}
