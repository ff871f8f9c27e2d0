import { existsSync, readFileSync } from "node:fs";
import { dirname } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SessionStore } from "../src/index.js";
import { assistant, expectTreeInvariants, tempDir, unwrap, user } from "./helpers.js";

const create = (home: string) => unwrap(SessionStore.create({ cwd: "/work/proj", gongHome: home }));

describe("002 §7.2 会话 — tree invariants (parentId chain)", () => {
  it("appends chain each entry to the previous leaf", () => {
    const store = create(tempDir());
    const a = store.appendMessage(user("one"));
    const b = store.appendMessage(assistant("two"));
    const c = store.appendModelChange("openai", "gpt-test");
    expect([a.parentId, b.parentId, c.parentId]).toEqual([null, a.id, b.id]);
    expect(store.leafId).toBe(c.id);
    expect(store.getBranch().map((e) => e.id)).toEqual([a.id, b.id, c.id]);
    expectTreeInvariants(store);
    store.close();
  });

  it("random appends, branches and labels keep the invariants, and a reload sees the same tree", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.record({ op: fc.constant("append" as const), text: fc.string() }),
            fc.record({ op: fc.constant("branch" as const), pick: fc.nat() }),
            fc.record({ op: fc.constant("label" as const), pick: fc.nat(), text: fc.string() }),
          ),
          { maxLength: 40 },
        ),
        (ops) => {
          const store = create(tempDir());
          const nodes: string[] = [];
          for (const op of ops) {
            if (op.op === "append") nodes.push(store.appendMessage(user(op.text)).id);
            else if (nodes.length > 0) {
              const target = nodes[op.pick % nodes.length]!;
              if (op.op === "branch") unwrap(store.branch(target));
              else unwrap(store.setLabel(target, op.text));
            }
          }
          expectTreeInvariants(store);
          const before = {
            leaf: store.leafId,
            tree: JSON.stringify(store.getTree()),
            context: store.buildContext(),
          };
          store.close();
          // A session without a message was never written (issue 22.6).
          if (nodes.length === 0) {
            expect(existsSync(store.path!)).toBe(false);
            return;
          }
          const reopened = unwrap(SessionStore.open(store.path!));
          expectTreeInvariants(reopened);
          expect(reopened.leafId).toBe(before.leaf);
          expect(JSON.stringify(reopened.getTree())).toBe(before.tree);
          expect(reopened.buildContext()).toEqual(before.context);
          reopened.close();
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe("002 §7.2 会话 — branch and leaf moves", () => {
  it("branch moves the leaf; the next append becomes a child of the target", () => {
    const store = create(tempDir());
    const first = store.appendMessage(user("first"));
    store.appendMessage(assistant("answer"));
    const moved = unwrap(store.branch(first.id));
    expect(moved.id).toBe(first.id);
    const retry = store.appendMessage(user("second try"));
    expect(retry.parentId).toBe(first.id);
    expect(store.getChildren(first.id)).toHaveLength(2);
    expect(store.buildContext().messages.map((m) => m.content)).toEqual(["first", "second try"]);
    store.close();
  });

  it("children listed before later appends, after them and after a reload are the same", () => {
    const store = create(tempDir());
    const first = store.appendMessage(user("first"));
    const answer = store.appendMessage(assistant("answer"));
    expect(store.getChildren(first.id).map((e) => e.id)).toEqual([answer.id]);
    unwrap(store.branch(first.id));
    const retry = store.appendMessage(user("second try"));
    expect(store.getChildren(first.id).map((e) => e.id)).toEqual([answer.id, retry.id]);
    const path = store.path!;
    store.close();
    const reopened = unwrap(SessionStore.open(path, { readOnly: true }));
    expect(reopened.getChildren(first.id).map((e) => e.id)).toEqual([answer.id, retry.id]);
    expect(reopened.getChildren(retry.id)).toEqual([]);
  });

  it("the current leaf survives a restart even when the last line is not the leaf", () => {
    const store = create(tempDir());
    const first = store.appendMessage(user("first"));
    const answer = store.appendMessage(assistant("answer"));
    unwrap(store.branch(first.id));
    // A label after the move: the last line is neither the leaf nor a leaf move.
    unwrap(store.setLabel(answer.id, "old answer"));
    store.close();
    const lines = readFileSync(store.path!, "utf8").trim().split("\n");
    expect(JSON.parse(lines.at(-1)!).type).toBe("label");
    const reopened = unwrap(SessionStore.open(store.path!));
    expect(reopened.leafId).toBe(first.id);
    expect(reopened.getLabel(answer.id)).toBe("old answer");
    reopened.close();
  });

  it("branch to an unknown entry is an ENTRY_NOT_FOUND value and changes nothing", () => {
    const store = create(tempDir());
    const only = store.appendMessage(user("x"));
    const result = store.branch("nope");
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe("ENTRY_NOT_FOUND");
      expect(result.error.message).toContain("/tree");
    }
    expect(store.leafId).toBe(only.id);
    store.close();
  });

  it("branch with a summary records a branch_summary of the branch left behind", () => {
    const store = create(tempDir());
    const first = store.appendMessage(user("first"));
    const answer = store.appendMessage(assistant("long detour"));
    const summary = unwrap(store.branch(first.id, { summary: "Tried X, it failed." }));
    expect(summary.type).toBe("branch_summary");
    if (summary.type === "branch_summary") expect(summary.fromId).toBe(answer.id);
    const context = store.buildContext();
    expect(context.messages).toHaveLength(2);
    expect(JSON.stringify(context.messages[1])).toContain("Tried X, it failed.");
    expect(context.entryIds).toEqual([first.id, summary.id]);
    store.close();
  });

  it("labels show in getTree and can be removed", () => {
    const store = create(tempDir());
    const a = store.appendMessage(user("a"));
    unwrap(store.setLabel(a.id, "  start  "));
    expect(store.getTree()[0]?.label).toBe("start");
    unwrap(store.setLabel(a.id, undefined));
    expect(store.getTree()[0]?.label).toBeUndefined();
    expect(store.leafId).toBe(a.id);
    expect(store.setLabel("missing", "x").ok).toBe(false);
    store.close();
  });

  it("getTree handles a 20 000-deep chain without recursion", () => {
    const store = SessionStore.inMemory({ cwd: "/p" });
    for (let i = 0; i < 20_000; i++) store.appendMessage(user(`m${i}`));
    let depth = 0;
    let node = store.getTree()[0];
    while (node) {
      depth++;
      node = node.children[0];
    }
    expect(depth).toBe(20_000);
  });
});

describe("002 §7.2 会话 — fork", () => {
  it("fork writes a new file with the root → entry path, labels and a parentSession link", () => {
    const home = tempDir();
    const store = create(home);
    const a = store.appendMessage(user("a"));
    const b = store.appendMessage(assistant("b"));
    unwrap(store.setLabel(a.id, "keep"));
    store.appendMessage(user("c (not copied)"));
    const fork = unwrap(store.fork(b.id));
    expect(fork.path).not.toBe(store.path);
    expect(dirname(fork.path!)).toBe(dirname(store.path!));
    expect(fork.header.parentSession).toBe(store.path);
    expect(fork.getBranch().map((e) => e.id)).toEqual([a.id, b.id]);
    expect(fork.getLabel(a.id)).toBe("keep");
    expect(fork.leafId).toBe(b.id);
    // The fork is a normal, locked, writable session.
    const next = fork.appendMessage(user("fork continues"));
    expect(next.parentId).toBe(b.id);
    expect(SessionStore.open(fork.path!).ok).toBe(false);
    fork.close();
    store.close();
    const reopened = unwrap(SessionStore.open(fork.path!));
    expect(reopened.buildContext().messages.map((m) => m.role)).toEqual([
      "user",
      "assistant",
      "user",
    ]);
    expectTreeInvariants(reopened);
    reopened.close();
    // The original is untouched.
    const original = unwrap(SessionStore.open(store.path!, { readOnly: true }));
    expect(original.getEntries()).toHaveLength(4);
  });

  it("fork of an in-memory session stays in memory", () => {
    const store = SessionStore.inMemory({ cwd: "/p" });
    const a = store.appendMessage(user("a"));
    store.appendMessage(user("b"));
    const fork = unwrap(store.fork(a.id));
    expect(fork.path).toBeUndefined();
    expect(fork.getEntries().map((e) => e.id)).toEqual([a.id]);
  });
});

describe("issue 22.6 — a new session is written with its first message", () => {
  it("nothing is on disk before the first message; then the header, the earlier entries and the message are", () => {
    const store = create(tempDir());
    store.appendModelChange("anthropic", "claude-x");
    expect(existsSync(store.path!)).toBe(false);
    const message = store.appendMessage(user("first"));
    expect(existsSync(store.path!)).toBe(true);
    const second = store.appendMessage(assistant("answer"));
    store.close();
    const reopened = unwrap(SessionStore.open(store.path!));
    expect(reopened.getEntries().map((entry) => entry.type)).toEqual([
      "model_change",
      "message",
      "message",
    ]);
    expect(
      reopened
        .getBranch()
        .map((entry) => entry.id)
        .slice(1),
    ).toEqual([message.id, second.id]);
    reopened.close();
  });
});
