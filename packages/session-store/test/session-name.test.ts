import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { listAllSessions, listSessions, SessionStore } from "../src/index.js";
import { assistant, tempDir, unwrap, user } from "./helpers.js";

describe("session names — /rename and gong -r <name>", () => {
  it("a name is kept in the file, listed, found from another folder, and removed with an empty one", () => {
    const home = tempDir();
    const store = unwrap(SessionStore.create({ cwd: "/work/proj", gongHome: home }));
    store.appendMessage(user("fix the parser"));
    const named = unwrap(store.setName("  parser   fix "));
    expect(named.type).toBe("session_info");
    store.appendMessage(assistant("done"));
    const leaf = store.leafId;
    expect(store.leafId).toBe(leaf); // naming does not move the leaf
    expect(store.name).toBe("parser fix");
    store.close();

    expect(listSessions("/work/proj", { gongHome: home })[0]).toMatchObject({ name: "parser fix" });
    // From another folder: found by name among every folder's sessions.
    const reopened = unwrap(SessionStore.open("Parser Fix", { cwd: "/elsewhere", gongHome: home }));
    expect(reopened.id).toBe(store.id);
    expect(reopened.name).toBe("parser fix");
    expect(reopened.getBranch().map((entry) => entry.type)).toEqual(["message", "message"]);
    unwrap(reopened.setName(""));
    expect(reopened.name).toBeUndefined();
    reopened.close();
    expect(listAllSessions({ gongHome: home })[0]!.name).toBeUndefined();

    const missing = SessionStore.open("no such name", { cwd: "/work/proj", gongHome: home });
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(missing.error.message).toContain('No session is named "no such name"');
  });

  it("a name set past the first 64 KB, and a megabyte of conversation after it, is still listed; two of one name are ambiguous", () => {
    const home = tempDir();
    const first = unwrap(SessionStore.create({ cwd: "/work/a", gongHome: home }));
    first.appendMessage(user("x".repeat(200_000)));
    unwrap(first.setName("twin"));
    for (let i = 0; i < 100; i++) first.appendMessage(assistant("y".repeat(10_000)));
    first.close();
    expect(listSessions("/work/a", { gongHome: home })[0]!.name).toBe("twin");
    const lines = readFileSync(first.path!, "utf8").split("\n");
    // Written again every 32 KB or so: ~30 lines for a megabyte, not one per message.
    const repeats = lines.filter((line) => line.startsWith('{"type":"session_info"')).length;
    expect(repeats).toBeGreaterThan(20);
    expect(repeats).toBeLessThan(50);
    const second = unwrap(SessionStore.create({ cwd: "/work/b", gongHome: home }));
    second.appendMessage(user("y"));
    unwrap(second.setName("twin"));
    second.close();
    // Each project's own comes first; from a third folder the name is ambiguous.
    expect(
      unwrap(SessionStore.open("twin", { cwd: "/work/b", gongHome: home, readOnly: true })).id,
    ).toBe(second.id);
    const both = SessionStore.open("twin", { cwd: "/work/c", gongHome: home });
    expect(both.ok).toBe(false);
    if (!both.ok) expect(both.error.message).toMatch(/2 sessions are named "twin"/);
    expect(
      unwrap(SessionStore.create({ cwd: "/w", gongHome: home })).setName("n".repeat(101)).ok,
    ).toBe(false);
  });
});
