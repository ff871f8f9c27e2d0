import { appendFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { SessionStore } from "../src/index.js";
import { headerLine, messageLine, tempDir, unwrap, user } from "./helpers.js";

// What the load takes from the disk at once: the largest single read, and whole-file reads.
const reads = vi.hoisted(() => ({ largest: 0, wholeFiles: 0 }));
vi.mock("node:fs", async (importOriginal) => {
  const fs = await importOriginal<typeof import("node:fs")>();
  const readSync = ((...args: Parameters<typeof fs.readSync>) => {
    const n = fs.readSync(...args);
    reads.largest = Math.max(reads.largest, n);
    return n;
  }) as typeof fs.readSync;
  const readFileSync = ((...args: Parameters<typeof fs.readFileSync>) => {
    reads.wholeFiles++;
    return fs.readFileSync(...args);
  }) as typeof fs.readFileSync;
  const patched = { readSync, readFileSync };
  return { ...fs, ...patched, default: { ...fs, ...patched } };
});

const MB = 1024 * 1024;

beforeEach(() => {
  reads.largest = 0;
  reads.wholeFiles = 0;
});

describe("session-store — resuming a 50 MB session never holds the whole file in memory", () => {
  it("the file is read in pieces of a few MB, never whole", () => {
    const path = join(tempDir(), "big.jsonl");
    const body = "x".repeat(10_000);
    const lines = [headerLine("chunked-0001")];
    for (let i = 0; lines.length * body.length < 50 * MB; i++) lines.push(messageLine(i, body));
    writeFileSync(path, `${lines.join("\n")}\n`);

    const store = unwrap(SessionStore.open(path, { readOnly: true }));
    expect(store.getEntries()).toHaveLength(lines.length - 1);
    expect(reads.wholeFiles).toBe(0);
    expect(reads.largest).toBeLessThanOrEqual(8 * MB);
  });

  it("lines across piece edges, longer than a piece, with multi-byte characters at the edges, load exactly", () => {
    const path = join(tempDir(), "edges.jsonl");
    // Texts of odd lengths around the piece size put every kind of character on an edge.
    const texts = [
      "日本語🚀".repeat(700_001),
      "ü".repeat(3 * MB + 7),
      "a",
      "🚀".repeat(1_048_573),
      "日".repeat(9 * MB + 1),
      "end",
    ];
    const lines = [headerLine("chunked-0001"), ...texts.map((text, i) => messageLine(i, text))];
    writeFileSync(path, `${lines.join("\n")}\n`);
    appendFileSync(path, messageLine(99, "torn").slice(0, 40)); // a crash mid-write

    const store = unwrap(SessionStore.open(path, { readOnly: true }));
    const contents = store
      .getEntries()
      .map((entry) => (entry.type === "message" ? entry.message.content : undefined));
    expect(contents).toEqual(texts);
    expect(store.warnings.map((warning) => [warning.kind, warning.line])).toEqual([
      ["torn_tail", texts.length + 2],
    ]);

    // A writer cuts exactly the torn bytes off and appends after the last whole line.
    const writer = unwrap(SessionStore.open(path));
    writer.appendMessage(user("after"));
    writer.close();
    const reopened = unwrap(SessionStore.open(path, { readOnly: true }));
    expect(reopened.getEntries()).toHaveLength(texts.length + 1);
    expect(reopened.warnings).toEqual([]);
  });
});
