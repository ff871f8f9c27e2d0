import { copyFileSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CURRENT_SESSION_VERSION } from "../src/entries.js";
import { migrateSessionFile, SessionStore } from "../src/index.js";
import { expectTreeInvariants, tempDir, unwrap, user } from "./helpers.js";

const FIXTURE = join(import.meta.dirname, "fixtures", "v0-session.jsonl");

function copyFixture(): string {
  const path = join(tempDir(), "2025-03-01T10-00-00-000Z_0ld5e55i0n.jsonl");
  copyFileSync(FIXTURE, path);
  return path;
}

describe("002 §7.2 会话 / seed 004 §5 — version migration v0 → v1 (hand-made old file)", () => {
  it("a reader migrates in memory and leaves the old file untouched", () => {
    const path = copyFixture();
    const before = readFileSync(path, "utf8");
    const store = unwrap(SessionStore.open(path, { readOnly: true }));
    expect(store.header.version).toBe(CURRENT_SESSION_VERSION);
    expect(store.getEntries()).toHaveLength(8);
    expectTreeInvariants(store);
    expect(readFileSync(path, "utf8")).toBe(before);
  });

  it("the migrated tree rebuilds the old conversation: compaction by position → by id", () => {
    const store = unwrap(SessionStore.open(copyFixture(), { readOnly: true }));
    const context = store.buildContext();
    expect(context.thinkingLevel).toBe("medium");
    expect(context.model).toEqual({ provider: "anthropic", modelId: "claude-old" });
    // summary, then the kept entries from index 3 ("And the tests?"), then "Thanks".
    expect(JSON.stringify(context.messages[0])).toContain("User asked about build");
    expect(context.messages.slice(1).map((m) => (m.role === "user" ? m.content : m.role))).toEqual([
      "And the tests?",
      "assistant",
      "Thanks",
    ]);
  });

  it("a writer rewrites the file as v1 once, keeps records it does not know, then appends", () => {
    const path = copyFixture();
    const store = unwrap(SessionStore.open(path));
    const header = JSON.parse(readFileSync(path, "utf8").split("\n")[0]!);
    expect(header).toMatchObject({ type: "session", version: 1, id: "0ld5e55i0n" });
    // A record type this version does not know is kept (now with an id), not dropped.
    const note = store.getEntries().find((e) => e.type === "unknown");
    expect(note).toMatchObject({ originalType: "editor_note" });
    expect(readFileSync(path, "utf8")).toContain(
      `"text":"an old extension's record without an id"`,
    );
    const added = store.appendMessage(user("new question"));
    expect(store.getEntry(added.parentId!)?.type).toBe("message");
    store.close();

    const reopened = unwrap(SessionStore.open(path));
    expect(reopened.warnings).toEqual([]);
    expect(reopened.getEntries()).toHaveLength(9);
    expect(reopened.buildContext().messages.at(-1)).toMatchObject({ content: "new question" });
    expectTreeInvariants(reopened);
    reopened.close();
  });

  it("migration is deterministic: the same old file always gets the same ids", () => {
    const raw = readFileSync(FIXTURE, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    const once = migrateSessionFile({ header: raw[0], entries: raw.slice(1) });
    const twice = migrateSessionFile({ header: raw[0], entries: raw.slice(1) });
    expect(once).toEqual(twice);
    expect(migrateSessionFile(once)).toEqual(once); // already current: unchanged
  });
});
