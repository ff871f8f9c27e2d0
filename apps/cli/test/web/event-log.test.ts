import { EventEmitter } from "node:events";
import type { ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { EventLog, MAX_TABS } from "../../src/web/event-log.js";

/** The parts of a ServerResponse the log uses: what was written, and a socket's backlog. */
class FakeTab extends EventEmitter {
  written = "";
  chunks: (Buffer | string)[] = [];
  writableLength = 0;
  destroyed = false;
  writeHead(): this {
    return this;
  }
  write(chunk: Buffer | string): boolean {
    this.chunks.push(chunk);
    this.written += chunk.toString();
    return true;
  }
  end(): void {}
  destroy(): void {
    this.destroyed = true;
    this.emit("close");
  }
}

const open = (log: EventLog, lastEventId?: string) => {
  const tab = new FakeTab();
  log.open(tab as unknown as ServerResponse, lastEventId);
  return tab;
};

describe("gong web — the event log", () => {
  it("drops a tab whose connection stopped taking lines, instead of buffering for it without bound", () => {
    const log = new EventLog();
    log.announce({ type: "session" }, []);
    const stalled = open(log);
    const reading = open(log);
    stalled.writableLength = 64 * 2 ** 20;
    log.append({ type: "warning", message: "next" });
    expect(stalled.destroyed).toBe(true);
    expect(stalled.written).not.toContain('"next"');
    expect(reading.written).toContain('"next"');
    // Reconnecting with its last id, it gets what it missed.
    const back = open(log, "1");
    expect(back.written).toContain('"next"');
    expect(back.written).not.toContain("web_snapshot");
    log.close({ type: "web_closed" });
  });

  it("serialises a snapshot once: every tab is sent the same Buffer, a new one after the next session", () => {
    const log = new EventLog();
    log.announce({ type: "session" }, []);
    const first = open(log);
    const second = open(log);
    const snapshotOf = (tab: FakeTab) =>
      tab.chunks.find((chunk) => chunk.toString().includes("web_snapshot"));
    expect(snapshotOf(first)).toBeInstanceOf(Buffer);
    expect(snapshotOf(second)).toBe(snapshotOf(first));
    log.announce({ type: "session", id: "next" }, []);
    const third = open(log);
    expect(snapshotOf(third)).not.toBe(snapshotOf(first));
    expect(snapshotOf(third)!.toString()).toContain('"next"');
    expect(first.chunks.at(-1)).toBe(snapshotOf(third));
    log.close({ type: "web_closed" });
  });

  it(`refuses a stream past ${MAX_TABS} open ones; one closing makes room`, () => {
    const log = new EventLog();
    log.announce({ type: "session" }, []);
    const tabs = Array.from({ length: MAX_TABS }, () => open(log));
    expect(log.full).toBe(true);
    tabs[0]!.destroy();
    expect(log.full).toBe(false);
    log.close({ type: "web_closed" });
  });
});
