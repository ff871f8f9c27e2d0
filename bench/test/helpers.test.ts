import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { benchAdapter } from "../src/adapter.mjs";
import { attempt, measuredAnything } from "../src/attempt.mjs";
import { timedWithCpu } from "../src/measure.mjs";
import { formatRows, scoreRow } from "../src/report.mjs";
import { bytesByField } from "../src/session-bytes.mjs";
import { growSession } from "../src/sessions.mjs";
import { formatMs, formatTable, ratio, slope, summarize, verdict } from "../src/stats.mjs";

describe("stats", () => {
  it("summarises an odd and an even number of runs", () => {
    expect(summarize([5, 1, 3])).toEqual({ median: 3, min: 1, max: 5, n: 3 });
    expect(summarize([4, 1, 3, 2]).median).toBe(2.5);
  });

  it("gives no ratio without both sides", () => {
    expect(ratio(2, 4)).toBe(0.5);
    expect(ratio(2, undefined)).toBeUndefined();
    expect(ratio(2, 0)).toBeUndefined();
  });

  it("fits the exponent of a power law", () => {
    expect(
      slope([
        [1, 10],
        [4, 40],
        [16, 160],
      ]),
    ).toBeCloseTo(1, 10);
    expect(
      slope([
        [1, 7],
        [4, 7],
        [16, 7],
      ]),
    ).toBeCloseTo(0, 10);
    expect(
      slope([
        [1, 1],
        [4, 16],
        [16, 256],
      ]),
    ).toBeCloseTo(2, 10);
  });

  it("formats milliseconds and verdicts", () => {
    expect(formatMs(3.04)).toBe("3.0 ms");
    expect(formatMs(250.4)).toBe("250 ms");
    expect(formatMs(12_345)).toBe("12.3 s");
    expect(verdict(0.2, 0.25)).toBe("met");
    expect(verdict(0.3, 0.25)).toBe("MISSED");
    expect(verdict(undefined, 0.25)).toBe("-");
  });

  it("aligns table columns under a dashed rule", () => {
    expect(formatTable(["a", "bb"], [["long", "x"]]).split("\n")).toEqual([
      "a     bb",
      "----  --",
      "long  x",
    ]);
  });
});

describe("report", () => {
  const summary = (median: number) => ({ median, min: median, max: median, n: 1 });

  it("scores a row against each of its targets", () => {
    const row = scoreRow({
      name: "grep",
      gong: summary(11),
      pi: summary(22),
      raw: summary(10),
      against: { pi: 1, raw: 1.05 },
    });
    expect(row.ratios).toEqual({ pi: 0.5, raw: 1.1 });
    expect(row.verdicts).toEqual({ pi: "met", raw: "MISSED" });
    expect(formatRows([row])).toContain("MISSED");
  });

  it("scores a row against Gong's own earlier number", () => {
    const row = scoreRow({
      name: "late turns",
      gong: summary(30),
      pi: summary(60),
      against: { pi: 0.5 },
      self: { ratio: 2.5, target: 2, label: "own first turns" },
    });
    expect(row.verdicts).toEqual({ pi: "met", self: "MISSED" });
    expect(formatRows([row])).toContain("≤ 2× own first turns");
  });
});

describe("growSession", () => {
  let dir = "";
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("repeats whole runs of messages, re-chained with fresh ids", () => {
    dir = mkdtempSync(path.join(tmpdir(), "bench-grow-"));
    const source = path.join(dir, "s.jsonl");
    const entry = (id: string, parentId: string | null, type = "message") =>
      JSON.stringify({ type, id, parentId, message: { role: "user", content: id } });
    writeFileSync(
      source,
      [
        JSON.stringify({ type: "session", id: "s" }),
        entry("m", null, "model_change"),
        entry("a", "m"),
        entry("b", "a"),
        entry("c", "b"),
      ].join("\n"),
    );
    const target = path.join(dir, "t.jsonl");
    expect(growSession(source, target, 7)).toEqual({ entries: 7, messages: 6 });
    const lines = readFileSync(target, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines[0].type).toBe("session");
    const body = lines.slice(1);
    expect(body.map((e) => e.message.content)).toEqual(["m", "a", "b", "c", "a", "b", "c"]);
    expect(new Set(body.map((e) => e.id)).size).toBe(7);
    expect(body.slice(1).map((e) => e.parentId)).toEqual(body.slice(0, -1).map((e) => e.id));
  });
});

describe("bench — a row that cannot measure says so in its row and the rest goes on", () => {
  let dir = "";
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const fakeScript = (source: string) => {
    dir = mkdtempSync(path.join(tmpdir(), "bench-adapter-"));
    const file = path.join(dir, "fake.bench.mjs");
    writeFileSync(file, source);
    return file;
  };

  it("the adapter rows keep the measured cases and name the reason of a failed one", async () => {
    const cases = [
      { stream: "text", api: "openai-completions", error: "recording failed: ECONNRESET" },
      {
        stream: "text",
        api: "openai-responses",
        "wire events": 10,
        "SDK ms": "2.0",
        "adapter ms": "1.0",
      },
    ];
    const script = fakeScript(`console.log(${JSON.stringify(JSON.stringify(cases))});`);
    const rows = (await benchAdapter(1, script)).map(scoreRow);
    expect(rows.map((r) => r.name)).toEqual([
      "OpenAI Completions adapter vs SDK, text",
      "OpenAI Responses adapter vs SDK, text (10 events)",
    ]);
    expect(rows[0]?.failed).toBe("recording failed: ECONNRESET");
    expect(rows[1]?.ratios.raw).toBe(0.5);
    const table = formatRows(rows);
    expect(table).toContain("not measured: recording failed: ECONNRESET");
    expect(table).toContain("0.50×");
    expect(measuredAnything(rows, {})).toBe(true);
  });

  it("a benchmark script that dies is one row with the reason, not a failed run", async () => {
    const script = fakeScript(`process.stderr.write("boom\\n"); process.exit(3);`);
    const rows = await benchAdapter(1, script);
    expect(rows).toEqual([
      expect.objectContaining({
        name: "adapters vs SDKs",
        failed: "fake.bench.mjs exited 3 without its rows",
      }),
    ]);
    expect(measuredAnything(rows, {})).toBe(false);
  });

  it("attempt keeps the rows pushed before a throw and adds one naming the reason", async () => {
    const rows: Record<string, unknown>[] = [];
    const logged: string[] = [];
    await attempt(
      rows,
      "cli",
      "resume -c, 1000 entries",
      async () => {
        rows.push({ name: "first" });
        const cause = Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" });
        throw new TypeError("fetch failed", { cause });
      },
      (line) => logged.push(line),
    );
    expect(rows).toEqual([
      { name: "first" },
      {
        section: "cli",
        name: "resume -c, 1000 entries",
        failed: "ECONNRESET: fetch failed",
        note: "not measured: ECONNRESET: fetch failed",
      },
    ]);
    expect(logged).toEqual(["  resume -c, 1000 entries: not measured: ECONNRESET: fetch failed"]);
  });

  it("a run measured something when a row or a scaling point has numbers", () => {
    const failed = { name: "x", failed: "boom" };
    expect(measuredAnything([failed], { grep: { points: { gong: [] } } })).toBe(false);
    expect(measuredAnything([failed], { grep: { points: { gong: [[1, 2]] } } })).toBe(true);
    expect(measuredAnything([failed, { name: "y" }], {})).toBe(true);
  });
});

describe("session-bytes", () => {
  it("counts each field as it takes room on its line, message fields apart from the entry's", () => {
    const line = JSON.stringify({
      type: "message",
      timestamp: "T",
      message: {
        role: "toolResult",
        content: [{ type: "text", text: "ab" }],
        details: { x: 1 },
        timestamp: 5,
      },
    });
    const sizes = bytesByField(`${line}\n`);
    expect(sizes.get("total (bytes)")).toBe(line.length + 1);
    expect(sizes.get("message/toolResult (lines)")).toBe(1);
    expect(sizes.get("message/toolResult.timestamp")).toBe('"timestamp":"T",'.length);
    expect(sizes.get("message/toolResult.message.timestamp")).toBe('"timestamp":5,'.length);
    expect(sizes.get("message/toolResult.message.details.x")).toBe('"x":1,'.length);
    expect(sizes.get("message/toolResult.message.content text")).toBe(
      '{"type":"text","text":"ab"},'.length,
    );
  });
});

describe("timedWithCpu", () => {
  it("counts the CPU of processes run by a child that is still alive (the checkpoint store's sh runs git)", async () => {
    const shell = spawn("/bin/sh", [], { stdio: ["pipe", "pipe", "inherit"] });
    try {
      const done = () => new Promise<void>((resolve) => shell.stdout.once("data", () => resolve()));
      const measured = await timedWithCpu(async () => {
        const answered = done();
        // A process of the shell's own, reaped by it: it shows in gong's counts only through the live shell.
        shell.stdin.write("awk 'BEGIN { for (i = 0; i < 10000000; i++) s += i }'; echo done\n");
        await answered;
      });
      expect(measured.childCpuMs).toBeGreaterThan(20);
    } finally {
      shell.stdin.end();
    }
  });
});
