import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AssistantMessage, Message } from "@gong/llm";
import { describe, expect, it } from "vitest";
import { SessionStore } from "../src/index.js";
import { assistant, jqWholeLines, tempDir, toolResult, unwrap, user } from "./helpers.js";

/** A tool call turn as the agent appends it: the call, then its result. */
function call(id: string, usageOutput: number): AssistantMessage {
  const base = assistant("");
  return {
    ...base,
    content: [{ type: "toolCall", id, name: "bash", arguments: { command: "ls" } }],
    usage: { ...base.usage, output: usageOutput, totalTokens: 105 + usageOutput },
    stopReason: "toolUse",
  };
}

const answer = (id: string) => ({ ...toolResult("a\nb\n"), toolCallId: id });

/** Appends `messages`, closes, and returns the file's lines and what each append returned. */
function write(messages: Message[]) {
  const store = unwrap(SessionStore.create({ cwd: "/p", gongHome: tempDir(), fsync: "never" }));
  const ids = messages.map((message) => store.appendMessage(message).id);
  store.close();
  const lines = readFileSync(store.path!, "utf8").trimEnd().split("\n");
  return {
    store,
    path: store.path!,
    ids,
    lineOf: (id: string) => lines.find((l) => l.includes(`"id":"${id}"`))!,
  };
}

/** The messages a reopened file gives back, in file order. */
function messagesIn(path: string): Message[] {
  const reopened = unwrap(SessionStore.open(path, { readOnly: true }));
  expect(reopened.warnings).toEqual([]);
  return reopened.getEntries().flatMap((e) => (e.type === "message" ? [e.message] : []));
}

const ASSISTANT_KEYS = ["api", "provider", "model", "stopReason", "usage"];

describe("session-store — every assistant line stands alone (issue 36 item 4)", () => {
  it("each line carries its api, provider, model, stopReason and usage; every message loads back identical (also in a fork)", () => {
    const messages: Message[] = [
      user("go"),
      call("c1", 20),
      answer("c1"),
      call("c2", 21),
      answer("c2"),
      call("c3", 21),
      answer("c3"),
      assistant("done"),
    ];
    const { store, path, ids, lineOf } = write(messages);
    for (const index of [1, 3, 5, 7]) {
      const record = JSON.parse(lineOf(ids[index]!));
      expect(record).not.toHaveProperty("likePrevious");
      expect(record.message).toEqual(messages[index]);
    }
    expect(messagesIn(path)).toEqual(messages);
    // Each line alone, as jq reads it: the usage of every model call.
    const usage = jqWholeLines(path).flatMap((record) => {
      const message = record.message as AssistantMessage | undefined;
      return message?.role === "assistant" ? [message.usage] : [];
    });
    expect(usage).toEqual([1, 3, 5, 7].map((i) => (messages[i] as AssistantMessage).usage));

    const reopened = unwrap(SessionStore.open(path));
    const forked = unwrap(reopened.fork(reopened.leafId!));
    forked.close();
    reopened.close();
    expect(readFileSync(forked.path!, "utf8")).not.toContain("likePrevious");
    expect(messagesIn(forked.path!)).toEqual(messages);
    expect(store.path).toBe(path);
  });

  it("random assistant messages (models, errors, usage, thinking, undefined keys) are written whole and load back identical", () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pick = <T>(values: T[]): T => values[Math.floor(random() * values.length)]!;
    const messages: Message[] = [user("go")];
    for (let i = 0; i < 60; i++) {
      const base = assistant(pick(["", "ok", "done"]), pick([0, 0.01]), pick(["m1", "m2"]));
      const message: AssistantMessage = {
        ...base,
        provider: pick(["anthropic", "openai"]),
        usage: { ...base.usage, input: pick([100, 100, 250]), cacheWrite: pick([0, 3]) },
        stopReason: pick(["stop", "toolUse", "error", "length"]),
        timestamp: i,
      };
      if (random() < 0.2) message.errorMessage = pick(["boom", "x"]);
      if (random() < 0.1) message.retryAfterMs = undefined;
      if (random() < 0.3)
        message.content = [{ type: "thinking", thinking: "hm", thinkingSignature: "s" }];
      messages.push(message);
      if (random() < 0.5) messages.push(pick([user("more"), answer(`c${i}`)]));
    }
    const { path } = write(messages);
    const assistantLines = readFileSync(path, "utf8")
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line))
      .filter((record) => record.message?.role === "assistant");
    expect(assistantLines).toHaveLength(60);
    for (const record of assistantLines) {
      expect(Object.keys(record.message)).toEqual(expect.arrayContaining(ASSISTANT_KEYS));
    }
    // JSON has no `undefined`: a key holding it is not in the file.
    expect(messagesIn(path)).toEqual(JSON.parse(JSON.stringify(messages)));
  });
});

describe("session-store — a file written with lines stored against earlier ones (like, likePrevious) still loads", () => {
  const fixture = join(import.meta.dirname, "fixtures", "v1-with-deltas.jsonl");
  /** What the store gave back for the fixture when it was written (a real bench session's first 23 entries). */
  const expected: Message[] = JSON.parse(
    readFileSync(join(import.meta.dirname, "fixtures", "v1-with-deltas.messages.json"), "utf8"),
  );
  const copy = () => {
    const path = join(tempDir(), "2026-11-29T05-13-17-731Z_deltas.jsonl");
    copyFileSync(fixture, path);
    return path;
  };

  it("both kinds of line load to the messages that were appended, and a fork writes them whole", () => {
    const before = readFileSync(fixture, "utf8");
    expect(before).toContain('"likePrevious":true');
    expect(before).toContain('"like":true');
    const path = copy();
    expect(messagesIn(path)).toEqual(expected);
    for (const message of expected.filter((m) => m.role === "assistant")) {
      expect(Object.keys(message)).toEqual(expect.arrayContaining(ASSISTANT_KEYS));
    }
    const reopened = unwrap(SessionStore.open(path));
    const forked = unwrap(reopened.fork(reopened.leafId!));
    forked.close();
    reopened.close();
    const written = readFileSync(forked.path!, "utf8");
    expect(written).not.toContain("likePrevious");
    expect(written).not.toContain('"like"');
    expect(messagesIn(forked.path!)).toEqual(expected);
    expect(readFileSync(path, "utf8")).toBe(before);
  });

  it("the earlier line is found by the parent chain: a copy with fresh ids loads the same", () => {
    const path = copy();
    const [header, ...entries] = readFileSync(path, "utf8").trimEnd().split("\n");
    // The checkpoints (which name entries by their old ids) left out.
    const rechained = entries
      .filter((line) => !line.startsWith('{"type":"checkpoint"'))
      .map((line, i) =>
        JSON.stringify({
          ...JSON.parse(line),
          id: `fresh${i}`,
          parentId: i ? `fresh${i - 1}` : null,
        }),
      );
    writeFileSync(path, `${[header, ...rechained].join("\n")}\n`);
    expect(messagesIn(path)).toEqual(expected);
  });

  it("a line whose earlier one was lost still loads: the content intact, empty model and zero usage, no envelope", () => {
    const path = copy();
    const lines = readFileSync(path, "utf8").trimEnd().split("\n");
    const records = lines.map((line) => JSON.parse(line));
    const lost = records.findIndex((r) => r.message?.role === "assistant");
    const read = records.findIndex((r) => r.message?.toolName === "read");
    lines[lost] = "{not json";
    lines[read] = "{not json";
    writeFileSync(path, `${lines.join("\n")}\n`);
    const reopened = unwrap(SessionStore.open(path, { readOnly: true }));
    const nextAssistant = records.find((r, i) => i > lost && r.message?.role === "assistant");
    const nextRead = records.find((r, i) => i > read && r.message?.toolName === "read");
    expect(nextAssistant.likePrevious).toBe(true);
    expect(nextRead.detailsFromContent.like).toBe(true);
    const assistantEntry = reopened.getEntry(nextAssistant.id);
    expect(assistantEntry?.type === "message" && assistantEntry.message).toMatchObject({
      role: "assistant",
      content: nextAssistant.message.content,
      model: "",
      usage: { input: 0, output: 0 },
      stopReason: "toolUse",
    });
    const readEntry = reopened.getEntry(nextRead.id);
    expect(readEntry?.type === "message" && readEntry.message).toMatchObject({
      role: "toolResult",
      content: nextRead.message.content,
    });
    expect(readEntry?.type === "message" && "details" in readEntry.message).toBe(false);
  });
});

describe("session-store — a file written before assistant messages were stored as changes loads unchanged", () => {
  const fixture = join(import.meta.dirname, "fixtures", "v1-before-assistant-delta.jsonl");

  it("every assistant and user line of a real 50-turn bench session comes back as written", () => {
    const path = join(tempDir(), "2026-11-26T11-58-00-000Z_old.jsonl");
    copyFileSync(fixture, path);
    const before = readFileSync(path, "utf8");
    const records = before
      .trimEnd()
      .split("\n")
      .slice(1)
      .map((line) => JSON.parse(line));
    const reopened = unwrap(SessionStore.open(path, { readOnly: true }));
    expect(reopened.warnings).toEqual([]);
    expect(reopened.getEntries()).toHaveLength(records.length);
    // Every line but the tool results (their envelopes were stored once, envelope-round-trip.test.ts).
    const plain = records.filter((record) => record.message?.role !== "toolResult");
    expect(plain.map((record) => reopened.getEntry(record.id))).toEqual(plain);
    const read = reopened.getEntry(records.find((r) => r.message?.role === "toolResult").id);
    expect(
      read?.type === "message" && read.message.role === "toolResult" && read.message.details,
    ).toMatchObject({
      data: { content: expect.stringContaining("export function step39") },
      context: { params_input: { path: "src/app.ts" } },
    });
    expect(readFileSync(path, "utf8")).toBe(before);
  });
});
