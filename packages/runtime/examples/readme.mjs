import { createCodingSession, finalText } from "@gong/runtime";

const created = await createCodingSession({
  cwd: process.cwd(),
  env: process.env, // where the tools and the API keys come from
  model: "anthropic/claude-sonnet-5-5", // or provider + model, else settings, else the first key found
  preset: "default", // or tools: ["read", "grep"]
  session: { kind: "continue" }, // "new" | "continue" | { kind: "open", ref, createIfMissing? } | "none"
  onWarning: (message) => console.error(message), // warnings raised after it opened
});
for (const message of created.warnings) console.error(message); // those raised while opening
if (!created.ok) throw new Error(created.error.message); // one actionable line
const session = created.session;
session.subscribe((event) => {
  if (event.type === "tool_execution_end") console.log(`[${event.toolName}]`); // also message_update, retry, …
});
const outcome = await session.run(["fix the failing test", "now run the whole suite"]);
const answer = outcome.ok && outcome.lastAssistant ? finalText(outcome.lastAssistant) : undefined;
console.log(answer ?? outcome.errorMessage);
await session.close(); // flushes and releases the session lock
