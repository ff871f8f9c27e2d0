import { describe, expect, it } from "vitest";
import type { CodingSession } from "../src/index.js";

/**
 * Every public member of CodingSession, checked by the type checker both ways: a member
 * added to the class without a line here, or a line here for a member that is gone, does
 * not compile (`pnpm typecheck`). A new capability gets its own object under
 * `src/session/` (README "Driving a session from an app"), not another member.
 */
const PUBLIC_MEMBERS: Record<keyof CodingSession, string> = {
  file: "file.ts",
  tree: "tree.ts",
  models: "models.ts",
  checkpoints: "checkpoints.ts",
  mode: "mode.ts",
  mcp: "mcp.ts",
  compaction: "compaction.ts",
  config: "config.ts",
  processes: "processes.ts",
  todos: "the todo list",
  messages: "the conversation",
  agent: "the agent",
  subscribe: "events",
  subscribeSubagents: "events",
  run: "runs",
  prompt: "runs",
  continueRun: "runs",
  lsp: "lsp.ts",
  steer: "runs",
  followUp: "runs",
  isStreaming: "runs",
  queuedMessages: "runs",
  abort: "runs",
  runBash: "the user's own command",
  close: "lifetime",
};

describe("CodingSession — a small surface, the rest found by name (issue 36 item 2)", () => {
  it("has at most 25 public members", () => {
    expect(Object.keys(PUBLIC_MEMBERS).length).toBeLessThanOrEqual(25);
  });
});
