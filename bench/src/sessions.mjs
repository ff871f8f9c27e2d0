// Equivalent large sessions for both agents: each agent's own session file from the same
// scripted run, grown to N entries by repeating its message entries with fresh ids.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

/** The one .jsonl session file under `dir` (searched recursively). */
export function sessionFileIn(dir) {
  const files = readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith(".jsonl"));
  if (files.length !== 1)
    throw new Error(`bench: expected one session file in ${dir}, found ${files.length}`);
  return path.join(dir, String(files[0]));
}

export function fileSize(file) {
  return statSync(file).size;
}

/**
 * Writes to `target` the session in `source` grown to at least `entries` entries after
 * its header: the entries before the first message once, then the message entries
 * repeated in order, whole runs only (no tool call without its result), re-chained with
 * fresh 8-hex ids. Returns the entries written and how many are messages.
 */
export function growSession(source, target, entries) {
  const lines = readFileSync(source, "utf8").trimEnd().split("\n");
  const [header, ...body] = lines.map((line) => JSON.parse(line));
  const firstMessage = body.findIndex((entry) => entry.type === "message");
  const prefix = body.slice(0, firstMessage);
  const unit = body.slice(firstMessage).filter((entry) => entry.type === "message");
  const out = [JSON.stringify(header)];
  let parentId = null;
  let next = 0;
  const push = (entry) => {
    const id = (next++).toString(16).padStart(8, "0");
    out.push(JSON.stringify({ ...entry, id, parentId }));
    parentId = id;
  };
  for (const entry of prefix) push(entry);
  while (out.length - 1 < entries) for (const entry of unit) push(entry);
  writeFileSync(target, `${out.join("\n")}\n`);
  return { entries: out.length - 1, messages: out.length - 1 - prefix.length };
}
