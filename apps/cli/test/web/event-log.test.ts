import { EventEmitter } from "node:events";
import type { ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { EventLog } from "../../src/web/event-log.js";

/** The parts of a ServerResponse the log uses: what was written, and a socket's backlog. */
class FakeTab extends EventEmitter {
  written = "";
  writableLength = 0;
  destroyed = false;
  writeHead(): this {
    return this;
  }
  write(text: string): boolean {
    this.written += text;
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
});
