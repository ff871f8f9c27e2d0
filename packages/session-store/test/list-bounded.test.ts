import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { listSessions, newestSession, sessionDirFor } from "../src/index.js";
import { headerLine, messageLine, tempDir } from "./helpers.js";

// Every byte the listing reads goes through `readSync`; counting them is the test.
const reads = vi.hoisted(() => ({ bytes: 0 }));
vi.mock("node:fs", async (importOriginal) => {
  const fs = await importOriginal<typeof import("node:fs")>();
  const readSync = ((...args: Parameters<typeof fs.readSync>) => {
    const n = fs.readSync(...args);
    reads.bytes += n;
    return n;
  }) as typeof fs.readSync;
  return { ...fs, readSync, default: { ...fs, readSync } };
});

const MB = 1024 * 1024;

/** A session file of about `bytes`, written without going through the store. */
function writeSession(home: string, id: string, lines: string[]): string {
  const dir = sessionDirFor("/big", { gongHome: home });
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `2026-01-01T00-00-00-000Z_${id}.jsonl`);
  writeFileSync(path, `${[headerLine(id), ...lines].join("\n")}\n`);
  return path;
}

beforeEach(() => {
  reads.bytes = 0;
});

describe("issue: bad input — session listing reads only each file's header (ARCHITECTURE §6)", () => {
  it("a 50 MB session is listed from a bounded prefix, not read whole", () => {
    const home = tempDir();
    const body = "x".repeat(10_000);
    const lines = [messageLine(0, "fix the login bug")];
    for (let i = 1; lines.length * body.length < 50 * MB; i++) lines.push(messageLine(i, body));
    writeSession(home, "big00001", lines);

    const [info] = listSessions("/big", { gongHome: home });
    // The first 64 KB, and the last 64 KB where a session's name is (session-name.test.ts).
    expect(reads.bytes).toBeLessThanOrEqual(128 * 1024);
    expect(info).toMatchObject({
      id: "big00001",
      cwd: "/big",
      firstMessage: "fix the login bug",
      messageCountComplete: false,
    });
    // What the prefix holds, and no more is claimed.
    expect(info!.messageCount).toBeGreaterThan(0);
    expect(info!.messageCount).toBeLessThan(lines.length);

    reads.bytes = 0;
    expect(newestSession("/big", { gongHome: home })?.id).toBe("big00001");
    expect(reads.bytes).toBeLessThanOrEqual(64 * 1024);
  });

  it("a first prompt longer than the prefix still names the session", () => {
    const home = tempDir();
    writeSession(home, "paste001", [messageLine(0, `explain this log ${"line ".repeat(40_000)}`)]);
    const [info] = listSessions("/big", { gongHome: home });
    expect(info?.firstMessage).toMatch(/^explain this log line line/);
    expect(info?.messageCount).toBe(0);
    expect(info?.messageCountComplete).toBe(false);
  });

  it("a session that fits in the prefix is counted exactly", () => {
    const home = tempDir();
    writeSession(home, "small001", [messageLine(0, "one"), messageLine(1, "two")]);
    expect(listSessions("/big", { gongHome: home })[0]).toMatchObject({
      firstMessage: "one",
      messageCount: 2,
      messageCountComplete: true,
    });
  });
});
