import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  HISTORY_LIMIT,
  PromptHistory,
  parseHistory,
  serializeHistory,
} from "../../src/interactive/input/history.js";

function historyFile(): string {
  return path.join(mkdtempSync(path.join(tmpdir(), "gong-history-")), "history.jsonl");
}

describe("interactive — prompt history", () => {
  it("keeps prompts across sessions, multi-line ones included", () => {
    const file = historyFile();
    const first = new PromptHistory(file);
    first.add("fix the test");
    first.add("line one\nline two");
    expect(new PromptHistory(file).all).toEqual(["fix the test", "line one\nline two"]);
  });

  it("skips an empty prompt and a repeat of the last one", () => {
    const history = new PromptHistory(historyFile());
    history.add("a");
    history.add("a");
    history.add("   ");
    expect(history.all).toEqual(["a"]);
  });

  it("a line cut short by a crash does not lose the others", () => {
    expect(parseHistory('"one"\n{"broken\n"two"\n42\n')).toEqual(["one", "two"]);
  });

  it(`is capped: the file is compacted to the last ${HISTORY_LIMIT} prompts`, () => {
    const file = historyFile();
    const many = Array.from({ length: HISTORY_LIMIT * 2 - 1 }, (_, i) => `prompt ${i}`);
    writeFileSync(file, serializeHistory(many));
    const history = new PromptHistory(file);
    expect(history.all).toHaveLength(HISTORY_LIMIT);
    history.add("the newest");
    const onDisk = parseHistory(readFileSync(file, "utf8"), Number.POSITIVE_INFINITY);
    expect(onDisk).toHaveLength(HISTORY_LIMIT);
    expect(onDisk.at(-1)).toBe("the newest");
  });

  it("a history that cannot be written is reported, not thrown", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "gong-history-"));
    writeFileSync(path.join(dir, "file"), "");
    const history = new PromptHistory(path.join(dir, "file", "history.jsonl"));
    const saved = history.add("still sent");
    expect(saved.ok).toBe(false);
    expect(history.all).toEqual(["still sent"]);
  });
});
