import { listSessions, SessionStore } from "@gong/session-store";

const created = SessionStore.create({ cwd: process.cwd() }); // in $GONG_HOME or ~/.gong
if (!created.ok) throw new Error(created.error.message); // e.g. IO_ERROR
const session = created.value;
const question = session.appendMessage({
  role: "user",
  content: "Fix the build",
  timestamp: Date.now(),
}); // written at once; synced within 250 ms and on close (see `fsync`)
const { messages, model, thinkingLevel } = session.buildContext();
console.log(messages.length, messages[0]?.role, model, thinkingLevel); // 1 user undefined off
session.branch(question.id); // move the leaf; recorded, so a restart resumes here
session.close(); // releases the lock

const [recent] = listSessions(process.cwd()); // newest first: id, path, firstMessage, messageCount…
if (!recent) throw new Error("no session for this folder");
const again = SessionStore.open(recent.id.slice(0, 8)); // by path or id prefix
if (!again.ok) throw new Error(again.error.message);
console.log(recent.firstMessage, again.value.buildContext().messages.length); // Fix the build 1
again.value.close();
