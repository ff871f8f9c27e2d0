import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { emptyUsage } from "@gong/llm";
import { SessionStore } from "@gong/session-store";
import { describe, expect, it } from "vitest";
import { writeSessionHtml } from "../src/export/export-session.js";
import { documentFromEntries } from "../src/export/from-session.js";
import { exportSessionHtml } from "../src/index.js";
import { sampleDocument } from "./export-fixture.js";
import { tempDir } from "./helpers.js";

describe("HTML export — from a session file", () => {
  it("maps entries to the document: messages, compaction, model change; labels are skipped", () => {
    const doc = documentFromEntries({ id: "s1", timestamp: "t", cwd: "/c" }, [
      { type: "model_change", provider: "anthropic", modelId: "m" },
      { type: "message", message: { role: "user", content: "hi", timestamp: 1 } },
      { type: "compaction", summary: "sum", tokensBefore: 10 },
      { type: "label" },
    ]);
    expect(doc.items.map((i) => i.kind)).toEqual(["model_change", "message", "compaction"]);
  });

  it("model notices follow the models that answered: a pick taken back is dropped, an unannounced switch is shown", () => {
    const pick = (modelId: string) => ({ type: "model_change", provider: "p", modelId });
    const ask = (text: string) => ({
      type: "message",
      message: { role: "user" as const, content: text, timestamp: 1 },
    });
    const answer = (model: string) => ({
      type: "message",
      message: {
        role: "assistant" as const,
        content: [],
        api: "anthropic-messages",
        provider: "p",
        model,
        usage: emptyUsage(),
        stopReason: "stop" as const,
        timestamp: 1,
      },
    });
    const doc = documentFromEntries({ id: "s1", timestamp: "t", cwd: "/c" }, [
      pick("a"),
      ask("1"),
      answer("a"),
      pick("b"),
      pick("a"),
      ask("2"),
      answer("a"),
      // A rewind kept model b in use without a pick on this path.
      ask("3"),
      answer("b"),
      pick("c"),
    ]);
    const shown = doc.items.map((item) =>
      item.kind === "model_change"
        ? `model ${item.modelId}`
        : item.kind === "message" && item.message.role === "user"
          ? `ask ${item.message.content}`
          : item.kind === "message" && item.message.role === "assistant"
            ? `answer ${item.message.model}`
            : item.kind,
    );
    expect(shown).toEqual([
      "model a",
      "ask 1",
      "answer a",
      "ask 2",
      "answer a",
      "ask 3",
      "model b",
      "answer b",
      "model c",
    ]);
  });

  it("exportSessionHtml writes the current branch of a session found by id prefix", async () => {
    const root = tempDir();
    const cwd = path.join(root, "project");
    const gongHome = path.join(root, "home");
    const created = SessionStore.create({ cwd, gongHome });
    if (!created.ok) throw new Error(created.error.message);
    const store = created.value;
    for (const item of sampleDocument().items)
      if (item.kind === "message") store.appendMessage(item.message);
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
