import { describe, expect, it } from "vitest";
import { SessionStore } from "../src/index.js";
import { assistant, tempDir, unwrap, user } from "./helpers.js";

const create = (home: string) => unwrap(SessionStore.create({ cwd: "/work/proj", gongHome: home }));

describe("session-store — checkpoint entries survive resume and fork", () => {
  it("a checkpoint keeps the leaf, reloads, and is copied by a fork of its branch only", () => {
    const store = create(tempDir());
    const first = store.appendMessage(user("one"));
    const answer = store.appendMessage(assistant("two"));
    const kept = unwrap(
      store.appendCheckpoint({ targetId: first.id, trigger: "prompt", snapshot: "abc123" }),
    );
    expect(store.leafId).toBe(answer.id);
    const second = store.appendMessage(user("three"));
    expect(second.parentId).toBe(answer.id);
    unwrap(store.appendCheckpoint({ targetId: second.id, trigger: "prompt", snapshot: "def456" }));
    store.close();

    const reopened = unwrap(SessionStore.open(store.path!));
    const checkpoints = reopened.getEntries().filter((entry) => entry.type === "checkpoint");
    expect(checkpoints.map((entry) => entry.snapshot)).toEqual(["abc123", "def456"]);
    expect(reopened.leafId).toBe(second.id);
    expect(reopened.buildContext().messages).toHaveLength(3);

    const fork = unwrap(reopened.fork(answer.id));
    const copied = fork.getEntries().filter((entry) => entry.type === "checkpoint");
    expect(copied).toEqual([{ ...kept, parentId: answer.id }]);
    expect(fork.leafId).toBe(answer.id);
    fork.close();
    reopened.close();
  });

  it("a checkpoint for an entry that does not exist is refused", () => {
    const store = create(tempDir());
    store.appendMessage(user("one"));
    const refused = store.appendCheckpoint({ targetId: "nope", trigger: "tool", snapshot: "x" });
    expect(refused.ok).toBe(false);
    store.close();
  });
});

describe("session-store — the leaf goes back before the first entry", () => {
  it("resetLeaf empties the context, the next message is a new root, and a reload keeps both", () => {
    const store = create(tempDir());
    store.appendMessage(user("one"));
    store.appendMessage(assistant("two"));
    store.resetLeaf();
    expect(store.leafId).toBeNull();
    expect(store.buildContext().messages).toEqual([]);
    const again = store.appendMessage(user("again"));
    expect(again.parentId).toBeNull();
    store.close();
    const reopened = unwrap(SessionStore.open(store.path!));
    expect(reopened.warnings).toEqual([]);
    expect(reopened.buildContext().messages).toHaveLength(1);
    expect(reopened.getTree()).toHaveLength(2);
    reopened.close();
  });
});
