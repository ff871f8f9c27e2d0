import { afterEach, describe, expect, it, vi } from "vitest";
import { SessionStore } from "../src/index.js";
import { assistant, tempDir, toolResult, unwrap, user } from "./helpers.js";

// Every sync of an append goes through `fdatasyncSync`; counting them is the test.
const syncs = vi.hoisted(() => ({ count: 0 }));
vi.mock("node:fs", async (importOriginal) => {
  const fs = await importOriginal<typeof import("node:fs")>();
  const fdatasyncSync = ((fd: number) => {
    syncs.count++;
    fs.fdatasyncSync(fd);
  }) as typeof fs.fdatasyncSync;
  return { ...fs, fdatasyncSync, default: { ...fs, fdatasyncSync } };
});

afterEach(() => {
  vi.useRealTimers();
});

/** A session on disk with its first message written, and the sync count from there. */
function openedSession(): SessionStore {
  const store = unwrap(SessionStore.create({ cwd: "/p", gongHome: tempDir() }));
  store.appendMessage(user("start"));
  syncs.count = 0;
  return store;
}

function fastTurns(store: SessionStore, turns: number): void {
  for (let i = 0; i < turns; i++) {
    store.appendMessage(assistant(`call ${i}`));
    store.appendMessage(toolResult(`result ${i}`));
  }
}

describe("session-store — a turn's messages share one fdatasync (message-end)", () => {
  it("a burst of messages is synced once, shortly after, not once per message", () => {
    vi.useFakeTimers();
    const store = openedSession();
    fastTurns(store, 20);
    expect(syncs.count).toBe(0);
    vi.advanceTimersByTime(1_000);
    expect(syncs.count).toBe(1);
    fastTurns(store, 3);
    vi.advanceTimersByTime(1_000);
    expect(syncs.count).toBe(2);
    store.close();
    expect(syncs.count).toBe(2);
  });

  it("close syncs what is still waiting", () => {
    vi.useFakeTimers();
    const store = openedSession();
    fastTurns(store, 5);
    store.close();
    expect(syncs.count).toBe(1);
    vi.advanceTimersByTime(1_000);
    expect(syncs.count).toBe(1);
  });

  it("tool results alone wait for a message (as before); `always` syncs every line", () => {
    vi.useFakeTimers();
    const store = openedSession();
    store.appendMessage(toolResult("only a result"));
    vi.advanceTimersByTime(1_000);
    expect(syncs.count).toBe(0);
    store.close();

    const dir = tempDir();
    const always = unwrap(SessionStore.create({ cwd: "/p", gongHome: dir, fsync: "always" }));
    always.appendMessage(user("start"));
    syncs.count = 0;
    fastTurns(always, 2);
    expect(syncs.count).toBe(4);
    always.close();
  });
});
