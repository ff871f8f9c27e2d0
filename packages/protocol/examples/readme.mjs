import { ProtocolSession, toJsonLine } from "@gong/protocol";

let runEnded = () => {};
const ended = new Promise((resolve) => {
  runEnded = () => resolve(undefined);
});
const opened = await ProtocolSession.open({
  sessionOptions: (questions) => ({
    cwd: process.cwd(),
    env: process.env,
    session: { kind: "new" }, // or continue, open, none: which session file it writes
    ...questions,
  }),
  send(line) {
    process.stdout.write(toJsonLine(line)); // the session header, agent events, questions, run_end
    if (/** @type {{ type: string }} */ (line).type === "run_end") runEnded();
  },
  confirmTimeoutMs: 60_000, // an unanswered confirmation is a no
});
if (!opened.ok) throw new Error(opened.error.message); // one actionable line
const { protocol } = opened;
const response = await protocol.respond('{"type":"prompt","id":1,"message":"fix the test"}');
process.stdout.write(toJsonLine(response)); // {"type":"response","id":1,"command":"prompt",…}
await ended;
await protocol.shutDown(); // denies open questions, aborts, closes the session
