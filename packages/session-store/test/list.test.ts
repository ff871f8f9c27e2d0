import { appendFileSync, mkdirSync, renameSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  encodeCwd,
  listAllSessions,
  listSessions,
  newestSession,
  resolveSessionPath,
  SessionStore,
  type SessionWarning,
  sessionDirFor,
} from "../src/index.js";
import { assistant, tempDir, unwrap, user } from "./helpers.js";

function session(home: string, cwd: string, messages: string[]) {
  const store = unwrap(SessionStore.create({ cwd, gongHome: home }));
  for (const text of messages) {
    store.appendMessage(user(text));
    store.appendMessage(assistant(`re: ${text}`));
  }
  store.close();
  return store;
}

describe("ARCHITECTURE §6 — location and naming", () => {
  it("files live in <home>/sessions/<encoded cwd>/<timestamp>_<id>.jsonl", () => {
    const home = tempDir();
    const store = session(home, "/home/ann/my proj", []);
    expect(encodeCwd("/home/ann/my proj")).toBe("--home-ann-my proj--");
    expect(store.path).toMatch(
      new RegExp(
        `^${home}/sessions/--home-ann-my proj--/\\d{4}-\\d{2}-\\d{2}T\\d{2}-\\d{2}-\\d{2}-\\d{3}Z_${store.id}\\.jsonl$`,
      ),
    );
  });

  it("GONG_HOME moves ~/.gong; an explicit session dir wins over both", () => {
    const home = tempDir();
    expect(sessionDirFor("/p", { env: { GONG_HOME: home } })).toBe(join(home, "sessions", "--p--"));
    const explicit = tempDir();
    const store = unwrap(SessionStore.create({ cwd: "/p", sessionDir: explicit, gongHome: home }));
    expect(store.path!.startsWith(`${explicit}/`)).toBe(true);
    store.appendMessage(user("hello"));
    store.close();
    expect(listSessions("/p", { sessionDir: explicit }).map((s) => s.id)).toEqual([store.id]);
  });
});

describe("issue 34.3 — look-alike paths (/X/a-b, /X/a/b) get folders of their own", () => {
  it("a path with a dash gets a hash after the readable name; one without keeps its name", () => {
    expect(encodeCwd("/X/a/b")).toBe("--X-a-b--");
    expect(encodeCwd("/X/a-b")).toMatch(/^--X-a-b--[0-9a-f]{12}$/);
    expect(encodeCwd("/X/a-b")).not.toBe(encodeCwd("/X/a_b"));
    expect(encodeCwd("/X/a:b")).not.toBe(encodeCwd("/X/a?b"));
  });

  it("the folder of the earlier naming is read, keeping only this cwd's sessions", () => {
    const home = tempDir();
    const dashed = session(home, "/X/a-b", ["dashed"]);
    const old = join(home, "sessions", "--X-a-b--");
    mkdirSync(old, { recursive: true });
    renameSync(dashed.path!, join(old, "moved.jsonl"));
    expect(listSessions("/X/a/b", { gongHome: home })).toEqual([]);
    expect(newestSession("/X/a/b", { gongHome: home })).toBeUndefined();
    expect(listSessions("/X/a-b", { gongHome: home }).map((s) => s.id)).toEqual([dashed.id]);
    expect(newestSession("/X/a-b", { gongHome: home })?.id).toBe(dashed.id);
    const nested = session(home, "/X/a/b", ["nested"]);
    expect(listSessions("/X/a/b", { gongHome: home }).map((s) => s.id)).toEqual([nested.id]);
  });
});

describe("issue #5 — listSessions / listAllSessions", () => {
  it("returns id, path, cwd, created, modified, first user message and message count", () => {
    const home = tempDir();
    const a = session(home, "/proj/a", ["fix the  login\nbug", "thanks"]);
    session(home, "/proj/b", ["other project"]);
    const [info, ...rest] = listSessions("/proj/a", { gongHome: home });
    expect(rest).toEqual([]);
    expect(info).toMatchObject({
      id: a.id,
      path: a.path,
      cwd: "/proj/a",
      created: a.header.timestamp,
      firstMessage: "fix the login bug",
      messageCount: 4,
    });
    expect(Date.parse(info!.modified)).toBeGreaterThan(0);
    expect(
      listAllSessions({ gongHome: home })
        .map((s) => s.cwd)
        .sort(),
    ).toEqual(["/proj/a", "/proj/b"]);
  });

  it("lists thousands of sessions, skips foreign files with a warning, and sees appends", () => {
    const home = tempDir();
    const dir = sessionDirFor("/big", { gongHome: home });
    mkdirSync(dir, { recursive: true });
    const message = (i: number, text: string) =>
      JSON.stringify({
        type: "message",
        id: `e${i}`,
        parentId: i ? `e${i - 1}` : null,
        timestamp: "t",
        message: user(text),
      });
    for (let i = 0; i < 3000; i++) {
      const id = `id${String(i).padStart(5, "0")}`;
      const header = JSON.stringify({
        type: "session",
        version: 1,
        id,
        timestamp: "2026-01-01T00:00:00.000Z",
        cwd: "/big",
      });
      const lines = [header, message(0, `task ${i}`), message(1, "more")].slice(0, 1 + (i % 3));
      writeFileSync(join(dir, `2026-01-01T00-00-00-000Z_${id}.jsonl`), `${lines.join("\n")}\n`);
    }
    writeFileSync(join(dir, "notes.jsonl"), "not a session\n");
    const warnings: SessionWarning[] = [];
    const list = listSessions("/big", { gongHome: home, onWarning: (w) => warnings.push(w) });
    expect(list).toHaveLength(3000);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.kind).toBe("not_a_session");
    const first = list.find((s) => s.id === "id00004")!;
    expect(first).toMatchObject({ firstMessage: "task 4", messageCount: 1 });
    expect(list.find((s) => s.id === "id00000")).toMatchObject({
      firstMessage: "",
      messageCount: 0,
    });

    // The per-process cache must notice a changed file.
    appendFileSync(first.path, `${message(9, "appended")}\n`);
    expect(
      listSessions("/big", { gongHome: home }).find((s) => s.id === "id00004")?.messageCount,
    ).toBe(2);
  });

  it("a session being written (torn last line) lists without the torn entry", () => {
    const home = tempDir();
    const store = session(home, "/p", ["one"]);
    appendFileSync(store.path!, '{"type":"message","id":"x","parentId":null,"mess');
    expect(listSessions("/p", { gongHome: home })[0]?.messageCount).toBe(2);
  });
});

describe("issue #5 — newestSession (-c)", () => {
  it("is the most recently modified session, skipping a newer file that is not one", () => {
    const home = tempDir();
    expect(newestSession("/proj/a", { gongHome: home })).toBeUndefined();
    const older = session(home, "/proj/a", ["older"]);
    const newer = session(home, "/proj/a", ["newer"]);
    utimesSync(older.path!, new Date(2020, 0, 1), new Date(2020, 0, 1));
    expect(newestSession("/proj/a", { gongHome: home })?.path).toBe(newer.path);
    // Appending to the older one makes it the newest.
    utimesSync(older.path!, new Date(), new Date(Date.now() + 60_000));
    expect(newestSession("/proj/a", { gongHome: home })?.id).toBe(older.id);
    // A newest file that is not a session is skipped with a warning.
    const junk = join(sessionDirFor("/proj/a", { gongHome: home }), "junk.jsonl");
    writeFileSync(junk, "not a session\n");
    utimesSync(junk, new Date(), new Date(Date.now() + 120_000));
    const warnings: SessionWarning[] = [];
    const found = newestSession("/proj/a", {
      gongHome: home,
      onWarning: (w) => warnings.push(w),
    });
    expect(found?.id).toBe(older.id);
    expect(warnings).toHaveLength(1);
    // It agrees with the head of the full listing.
    expect(listSessions("/proj/a", { gongHome: home })[0]?.id).toBe(older.id);
  });
});

describe("issue #5 — open by id prefix", () => {
  it("resolves a unique prefix, this project first, then all projects", () => {
    const home = tempDir();
    const a = session(home, "/p/a", ["x"]);
    const b = session(home, "/p/b", ["y"]);
    expect(unwrap(resolveSessionPath(a.id.slice(0, 8), { gongHome: home, cwd: "/p/a" }))).toBe(
      a.path,
    );
    expect(unwrap(resolveSessionPath(b.id.slice(0, 8), { gongHome: home, cwd: "/p/a" }))).toBe(
      b.path,
    );
    const opened = unwrap(SessionStore.open(b.id.slice(0, 6), { gongHome: home }));
    expect(opened.id).toBe(b.id);
    opened.close();
  });

  it("an ambiguous prefix lists the candidates; an unknown one is SESSION_NOT_FOUND", () => {
    const home = tempDir();
    const dir = sessionDirFor("/p", { gongHome: home });
    mkdirSync(dir, { recursive: true });
    for (const id of ["abc111", "abc222"]) {
      writeFileSync(
        join(dir, `2026-01-01T00-00-00-000Z_${id}.jsonl`),
        `${JSON.stringify({ type: "session", version: 1, id, timestamp: "t", cwd: "/p" })}\n`,
      );
    }
    const ambiguous = resolveSessionPath("abc", { gongHome: home });
    expect(!ambiguous.ok && ambiguous.error.code).toBe("AMBIGUOUS_SESSION_ID");
    if (!ambiguous.ok) expect(ambiguous.error.message).toContain("abc111, abc222");
    expect(unwrap(resolveSessionPath("abc2", { gongHome: home }))).toContain("abc222");
    const missing = resolveSessionPath("zzz", { gongHome: home });
    expect(!missing.ok && missing.error.code).toBe("SESSION_NOT_FOUND");
  });
});
