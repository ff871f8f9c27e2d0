import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AssistantMessage, ToolResultMessage, UserMessage } from "@gong/llm";
import { afterEach } from "vitest";
import { isTreeEntry } from "../src/entries.js";
import type { SessionStore } from "../src/index.js";

const dirs: string[] = [];

/** A fresh temporary folder, removed after the test. */
export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "gong-session-"));
  dirs.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

export const user = (text: string): UserMessage => ({ role: "user", content: text, timestamp: 1 });

export function assistant(text: string, cost = 0.01, model = "claude-test"): AssistantMessage {
  return {
    role: "assistant",
    content: [{ type: "text", text }],
    api: "anthropic-messages",
    provider: "anthropic",
    model,
    usage: {
      input: 100,
      output: 20,
      cacheRead: 5,
      cacheWrite: 0,
      totalTokens: 125,
      cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: cost },
    },
    stopReason: "stop",
    timestamp: 2,
  };
}

export function toolResult(text: string, details?: unknown): ToolResultMessage {
  return {
    role: "toolResult",
    toolCallId: "call_1",
    toolName: "bash",
    content: [{ type: "text", text }],
    ...(details !== undefined ? { details } : {}),
    isError: false,
    timestamp: 3,
  };
}

export function unwrap<T>(result: { ok: true; value: T } | { ok: false; error: unknown }): T {
  if (!result.ok) throw new Error(`expected ok, got ${JSON.stringify(result.error)}`);
  return result.value;
}

/** Tree invariants (002 §7.2): every parentId exists, exactly one root, the leaf is a node. */
export function expectTreeInvariants(store: SessionStore): void {
  const tree = store.getEntries().filter(isTreeEntry);
  const ids = new Set<string>();
  let roots = 0;
  for (const entry of tree) {
    if (entry.parentId === null) roots++;
    else if (!ids.has(entry.parentId))
      throw new Error(`parent ${entry.parentId} of ${entry.id} missing`);
    ids.add(entry.id);
  }
  if (tree.length > 0 && roots !== 1) throw new Error(`expected one root, found ${roots}`);
  if (store.leafId !== null && !ids.has(store.leafId))
    throw new Error(`leaf ${store.leafId} is not a node`);
  for (const entry of store.getEntries()) {
    if (entry.parentId !== null && !store.getEntry(entry.parentId)) {
      throw new Error(`entry ${entry.id} points at missing ${entry.parentId}`);
    }
  }
}

/** A session file's header line, as written by hand for a file too big to build in memory. */
export function headerLine(id: string): string {
  return JSON.stringify({
    type: "session",
    version: 1,
    id,
    timestamp: "2026-01-01T00:00:00.000Z",
    cwd: "/big",
  });
}

/** Message entry `e<i>` (parent `e<i-1>`) holding a user message, as one JSONL line. */
export function messageLine(i: number, text: string): string {
  return JSON.stringify({
    type: "message",
    id: `e${i}`,
    parentId: i ? `e${i - 1}` : null,
    timestamp: "2026-01-01T00:00:00.000Z",
    message: user(text),
  });
}

/**
 * The README's jq expression that prints every line of a session file whole (its tool
 * results' `details` rebuilt), run on `path`: what a reader with jq gets.
 */
export function jqWholeLines(path: string): Record<string, unknown>[] {
  const readme = readFileSync(join(import.meta.dirname, "..", "README.md"), "utf8");
  const block = /<!-- jq: whole lines -->\n```sh\njq -c '([^']+)' session\.jsonl\n```/.exec(readme);
  if (!block) throw new Error("README.md has no `jq: whole lines` expression");
  const run = spawnSync("jq", ["-c", block[1]!, path], { encoding: "utf8" });
  if (run.error)
    throw new Error(`jq is needed to check the README's expression: ${run.error.message}`);
  if (run.status !== 0) throw new Error(`jq failed: ${run.stderr}`);
  return run.stdout
    .trimEnd()
    .split("\n")
    .map((line) => JSON.parse(line));
}
