import {
  appendFileSync,
  existsSync,
  readFileSync,
  statSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SessionStore, type SessionWarning } from "../src/index.js";
import { FileLineWriter } from "../src/writer.js";
import { expectTreeInvariants, tempDir, unwrap, user } from "./helpers.js";

function sessionWith(n: number) {
  const store = unwrap(SessionStore.create({ cwd: "/p", gongHome: tempDir() }));
  const ids = [];
  for (let i = 0; i < n; i++) ids.push(store.appendMessage(user(`m${i}`)).id);
  store.close();
  return { path: store.path!, ids };
}

const lines = (path: string) => readFileSync(path, "utf8").split("\n");

describe("002 §7.2 会话 — torn last line (损坏文件恢复)", () => {
  it("a reader ignores a torn last line and leaves the file alone", () => {
    const { path, ids } = sessionWith(3);
    appendFileSync(path, '{"type":"message","id":"torn","parentId":"x","mess');
    const size = statSync(path).size;
    const warnings: SessionWarning[] = [];
    const reader = unwrap(
      SessionStore.open(path, { readOnly: true, onWarning: (w) => warnings.push(w) }),
    );
    expect(reader.getEntries().map((e) => e.id)).toEqual(ids);
    expect(warnings.map((w) => w.kind)).toEqual(["torn_tail"]);
    expect(statSync(path).size).toBe(size);
    expect(() => reader.appendMessage(user("no"))).toThrow(/read-only/);
  });

  it("a writer cuts the torn line off before its first append", () => {
    const { path, ids } = sessionWith(2);
    const clean = statSync(path).size;
    appendFileSync(path, '{"type":"message","id":"torn"');
    const store = unwrap(SessionStore.open(path));
    expect(store.warnings.map((w) => w.kind)).toEqual(["torn_tail"]);
    expect(statSync(path).size).toBe(clean);
    const next = store.appendMessage(user("after repair"));
    expect(next.parentId).toBe(ids[1]);
    store.close();
    const reopened = unwrap(SessionStore.open(path, { readOnly: true }));
    expect(reopened.warnings).toEqual([]);
    expect(reopened.getEntries()).toHaveLength(3);
  });

  it("a complete last line that only lost its newline is kept", () => {
    const { path } = sessionWith(1);
    const entry = {
      type: "message",
      id: "nonl",
      parentId: null,
      timestamp: "2026-01-01T00:00:00Z",
      message: user("x"),
    };
    const text = readFileSync(path, "utf8");
    const first = JSON.parse(text.split("\n")[1]!);
    entry.parentId = first.id;
    appendFileSync(path, JSON.stringify(entry));
    const store = unwrap(SessionStore.open(path));
    expect(store.leafId).toBe("nonl");
    store.appendMessage(user("next"));
    store.close();
    const all = lines(path).filter(Boolean);
    expect(all).toHaveLength(4);
    for (const line of all) JSON.parse(line);
  });
});

describe("002 §7.2 会话 — corrupt line mid-file (损坏文件恢复)", () => {
  it("skips the line, reports it with its number and loads the rest", () => {
    const { path, ids } = sessionWith(3);
    const all = lines(path);
    all.splice(2, 0, "{not json at all");
    writeFileSync(path, all.join("\n"));
    const warnings: SessionWarning[] = [];
    const store = unwrap(SessionStore.open(path, { onWarning: (w) => warnings.push(w) }));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ kind: "corrupt_line", line: 3, path });
    expect(warnings[0]!.message).toContain("Skipped line 3");
    expect(store.getEntries().map((e) => e.id)).toEqual(ids);
    store.close();
  });

  it("an entry whose parent line was lost is re-attached, keeping one root", () => {
    const { path, ids } = sessionWith(4);
    const all = lines(path);
    all[2] = "\u0000\u0000garbage"; // the line of ids[1]
    writeFileSync(path, all.join("\n"));
    const store = unwrap(SessionStore.open(path));
    expect(store.warnings.map((w) => w.kind)).toEqual(["corrupt_line", "orphan_entry"]);
    expect(store.getBranch().map((e) => e.id)).toEqual([ids[0], ids[2], ids[3]]);
    expectTreeInvariants(store);
    store.close();
  });

  it("a known entry missing its fields is skipped, not a crash", () => {
    const { path } = sessionWith(1);
    appendFileSync(path, `${JSON.stringify({ type: "compaction", id: "c", parentId: null })}\n`);
    const store = unwrap(SessionStore.open(path, { readOnly: true }));
    expect(store.warnings[0]?.message).toContain(
      "compaction entry c lacks summary, firstKeptEntryId",
    );
  });
});

describe("issue #5 — unknown entry types are preserved", () => {
  it("keeps an unknown entry in the tree, out of the context, and copies it on fork", () => {
    const { path, ids } = sessionWith(1);
    const future = {
      type: "future_thing",
      id: "f1",
      parentId: ids[0],
      timestamp: "2026-01-01T00:00:00.000Z",
      payload: { nested: [1, "two"] },
    };
    appendFileSync(path, `${JSON.stringify(future)}\n`);
    const store = unwrap(SessionStore.open(path));
    const entry = store.getEntry("f1");
    expect(entry).toMatchObject({ type: "unknown", originalType: "future_thing" });
    expect(store.leafId).toBe("f1");
    expect(store.buildContext().messages).toHaveLength(1);
    const fork = unwrap(store.fork("f1"));
    expect(lines(fork.path!)).toContain(JSON.stringify(future));
    fork.close();
    store.close();
  });
});

describe("issue #5 — files that cannot be opened are error values", () => {
  it("a missing file is SESSION_NOT_FOUND", () => {
    const result = SessionStore.open(join(tempDir(), "nope.jsonl"));
    expect(!result.ok && result.error.code).toBe("SESSION_NOT_FOUND");
  });

  it("a file without a session header is INVALID_SESSION_FILE and takes no lock", () => {
    const path = join(tempDir(), "other.jsonl");
    writeFileSync(path, '{"hello":"world"}\n');
    const result = SessionStore.open(path);
    expect(!result.ok && result.error.code).toBe("INVALID_SESSION_FILE");
    expect(existsSync(`${path}.lock`)).toBe(false);
  });

  it("a newer format version is UNSUPPORTED_VERSION with an upgrade hint", () => {
    const path = join(tempDir(), "new.jsonl");
    writeFileSync(path, '{"type":"session","version":99,"id":"s","timestamp":"t","cwd":"/"}\n');
    const result = SessionStore.open(path, { readOnly: true });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe("UNSUPPORTED_VERSION");
      expect(result.error.message).toContain("Update Gong");
    }
  });
});

describe("issue #5 — full disk", () => {
  it("a failed append is reported as WRITE_FAILED, kept and retried in order", () => {
    const writer = FileLineWriter.open("/dev/full");
    const first = writer.append('{"a":1}', false);
    expect(first).toMatchObject({ code: "WRITE_FAILED", errno: "ENOSPC", pendingEntries: 1 });
    expect(first?.message).toContain("free some space");
    const second = writer.append('{"a":2}', false);
    expect(second?.pendingEntries).toBe(2);
    writer.close();
  });

  it("a write that fails half-way is cut off, then retried before the next line", () => {
    const path = join(tempDir(), "s.jsonl");
    writeFileSync(path, "header\n");
    let failNext = true;
    const flaky = (fd: number, bytes: Buffer, offset: number, length: number) => {
      if (failNext) {
        failNext = false;
        writeSync(fd, bytes, offset, 3); // a few bytes reach the disk, then the disk is full
        throw Object.assign(new Error("no space left on device"), { code: "ENOSPC" });
      }
      return writeSync(fd, bytes, offset, length);
    };
    const writer = FileLineWriter.open(path, flaky);
    expect(writer.append('{"n":1}', false)?.errno).toBe("ENOSPC");
    expect(readFileSync(path, "utf8")).toBe("header\n");
    expect(writer.append('{"n":2}', true)).toBeUndefined();
    expect(readFileSync(path, "utf8")).toBe('header\n{"n":1}\n{"n":2}\n');
    writer.close();
  });
});
