import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LogWriter } from "../src/bash/log-writer.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "gong-log-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function written(maxBytes: number, chunks: string[]) {
  const log = new LogWriter(path.join(dir, "bash.log"), maxBytes);
  for (const chunk of chunks) log.append(Buffer.from(chunk));
  await log.close();
  return { text: readFileSync(log.path, "utf8"), dropped: log.droppedBytes };
}

describe("bash log — capped at its head and tail (yes once wrote 4.35 GB)", () => {
  it("output within the cap is written whole", async () => {
    expect(await written(100, ["abc\n", "def\n"])).toEqual({ text: "abc\ndef\n", dropped: 0 });
  });

  it("over the cap: the first half, a line saying what was dropped, the last half", async () => {
    const chunks = Array.from({ length: 50 }, (_, i) => `${String(i).padStart(2, "0")}\n`);
    const { text, dropped } = await written(20, chunks);
    expect(dropped).toBe(150 - 20);
    expect(text.startsWith("00\n01\n02\n0")).toBe(true);
    expect(text).toContain("[... 130 bytes dropped here");
    expect(text.endsWith("\n47\n48\n49\n")).toBe(true);
  });

  it("a cap of one byte keeps one byte and says the rest was dropped", async () => {
    const { text, dropped } = await written(1, ["hello", " world"]);
    expect(dropped).toBe(10);
    expect(text.startsWith("h\n[... 10 bytes dropped here")).toBe(true);
  });
});
