import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openSessionCheckpoints } from "@gong/checkpoints";
import { SessionStore } from "@gong/session-store";

const gongHome = mkdtempSync(path.join(tmpdir(), "gong-home-"));
const cwd = mkdtempSync(path.join(tmpdir(), "project-"));
const notes = path.join(cwd, "notes.txt");
writeFileSync(notes, "first draft\n");
const created = SessionStore.create({ cwd, gongHome });
if (!created.ok) throw new Error(created.error.message);
const session = created.value;

const checkpoints = openSessionCheckpoints({
  gongHome,
  cwd,
  session,
  // The session's one writer records each checkpoint (in gong: the runtime's recorder).
  recordCheckpoint: (checkpoint) => session.appendCheckpoint(checkpoint),
  env: {},
  warn: console.warn,
  enabled: true,
});

const entry = session.appendMessage({ role: "user", content: "Tidy notes.txt", timestamp: 0 });
checkpoints.observe({ type: "message_end", message: entry.message }, () => entry.id);
await checkpoints.idle(); // the prompt's snapshot (a tool call waits for it in its gate)
writeFileSync(notes, "tidied\n"); // what the agent's tools did

const plan = await checkpoints.plan(entry.id, "code"); // what a rewind would change
if (!plan.ok) throw new Error(plan.error);
console.log(plan.value.files.map((file) => `${file.action} ${file.path}`)); // [ 'restore notes.txt' ]
const done = await checkpoints.rewind(plan.value, () => ({ ok: true, value: undefined }));
console.log(done.ok, readFileSync(notes, "utf8").trim()); // true first draft
session.close();
for (const dir of [gongHome, cwd]) rmSync(dir, { recursive: true, force: true });
