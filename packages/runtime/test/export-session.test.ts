import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { emptyUsage, type Message } from "@gong/llm";
import { SessionStore } from "@gong/session-store";
import { describe, expect, it } from "vitest";
import { writeSessionHtml } from "../src/export/export-session.js";
import { exportSessionHtml } from "../src/index.js";
import { tempDir } from "./helpers.js";

describe("HTML export — from a session file", () => {
  it("exportSessionHtml writes the current branch of a session found by id prefix", async () => {
    const root = tempDir();
    const cwd = path.join(root, "project");
    const gongHome = path.join(root, "home");
    const created = SessionStore.create({ cwd, gongHome });
    if (!created.ok) throw new Error(created.error.message);
    const store = created.value;
    for (const message of editSession()) store.appendMessage(message);
    store.close();

    const out = path.join(root, "out", "s.html");
    const result = await exportSessionHtml({ ref: store.id.slice(0, 8), out, cwd, gongHome });
    expect(result).toEqual({ ok: true, path: out });
    const html = readFileSync(out, "utf8");
    expect(html).toContain("diff-add");
    expect(html).toContain(`Session ${store.id}`);
  });

  it("an unknown session is one actionable error and writes nothing", async () => {
    const root = tempDir();
    const out = path.join(root, "x.html");
    const result = await exportSessionHtml({ ref: "ffffffff", out, cwd: root, gongHome: root });
    expect(result.ok).toBe(false);
    expect(existsSync(out)).toBe(false);
  });
});

describe("HTML export — an existing file is never replaced silently", () => {
  it("without overwrite the file is kept and the failure says exists; with it the page replaces it", () => {
    const cwd = tempDir();
    const out = path.join(cwd, "notes.html");
    writeFileSync(out, "my own notes\n");
    const where = { out: "notes.html", cwd, sessionId: "s1" };
    expect(writeSessionHtml("<p>page</p>", where)).toEqual({
      ok: false,
      exists: true,
      path: out,
      error: `${out} already exists; remove it or pick another output path.`,
    });
    expect(readFileSync(out, "utf8")).toBe("my own notes\n");
    expect(writeSessionHtml("<p>page</p>", { ...where, overwrite: true })).toEqual({
      ok: true,
      path: out,
    });
    expect(readFileSync(out, "utf8")).toBe("<p>page</p>");
  });
});

/** A prompt, an edit call and its result with the diff the edit tool reports. */
function editSession(): Message[] {
  const diff =
    "--- a.ts\n+++ a.ts\n@@ -1 +1 @@\n-export function greet() {}\n+export function hello() {}\n";
  const call = {
    type: "toolCall" as const,
    id: "call_1",
    name: "edit",
    arguments: { path: "a.ts" },
  };
  return [
    { role: "user", content: "Rename greet in a.ts", timestamp: 1 },
    {
      role: "assistant",
      content: [call],
      api: "anthropic-messages",
      provider: "anthropic",
      model: "claude-test",
      usage: emptyUsage(),
      stopReason: "toolUse",
      timestamp: 1,
    },
    {
      role: "toolResult",
      toolCallId: "call_1",
      toolName: "edit",
      content: [{ type: "text", text: "Successfully replaced text in a.ts." }],
      details: { status: "success", data: { applied: true, diff } },
      isError: false,
      timestamp: 2,
    },
  ];
}
