import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AssistantMessage, Message } from "@gong/llm";
import { describe, expect, it } from "vitest";
import { SessionStore } from "../src/index.js";
import { assistant, tempDir, toolResult, unwrap, user } from "./helpers.js";

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

describe("session-store — an assistant message is stored as what changed since the previous one (issue 23.10)", () => {
  it("api, provider, model, stopReason and unchanged usage are on disk once; every message loads back identical (also in a fork)", () => {
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
    expect(lineOf(ids[1]!)).toContain('"provider":"anthropic"');
    const second = JSON.parse(lineOf(ids[3]!));
    expect(second.likePrevious).toBe(true);
    // Only the changed usage numbers: not the api, model, stop reason or the cost.
    expect(second.message).toEqual({
      role: "assistant",
      content: messages[3]!.role === "assistant" && messages[3]!.content,
      usage: { output: 21, totalTokens: 126 },
      timestamp: 2,
    });
    expect(JSON.parse(lineOf(ids[5]!)).message).not.toHaveProperty("usage");
    expect(JSON.parse(lineOf(ids[7]!)).message).toMatchObject({ stopReason: "stop" });
    expect(messagesIn(path)).toEqual(messages);

    const reopened = unwrap(SessionStore.open(path));
    const forked = unwrap(reopened.fork(reopened.leafId!));
    forked.close();
    reopened.close();
    expect(readFileSync(forked.path!, "utf8")).toContain('"likePrevious":true');
    expect(messagesIn(forked.path!)).toEqual(messages);
    expect(store.path).toBe(path);
  });

  it("a key the previous message has and this one lacks (an error's errorMessage) is written whole", () => {
    const failed: AssistantMessage = {
      ...assistant("oops"),
      stopReason: "error",
      errorMessage: "overloaded",
      errorKind: "overloaded",
    };
    const messages: Message[] = [user("go"), failed, user("again"), assistant("fine")];
    const { path, ids, lineOf } = write(messages);
    expect(JSON.parse(lineOf(ids[3]!))).not.toHaveProperty("likePrevious");
    expect(messagesIn(path)).toEqual(messages);
  });

  it("random assistant messages (models, errors, usage, thinking, undefined keys) load back identical", () => {
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
    expect(readFileSync(path, "utf8")).toContain('"likePrevious":true');
    // JSON has no `undefined`: a key holding it is not in the file, written whole or not.
    expect(messagesIn(path)).toEqual(JSON.parse(JSON.stringify(messages)));
  });

  it("the previous message is found by the parent chain: a copy with fresh ids loads the same", () => {
    const messages: Message[] = [user("go"), call("c1", 20), answer("c1"), call("c2", 22)];
    const { path } = write(messages);
    const [header, ...entries] = readFileSync(path, "utf8").trimEnd().split("\n");
    const rechained = entries.map((line, i) =>
      JSON.stringify({
        ...JSON.parse(line),
        id: `fresh${i}`,
        parentId: i ? `fresh${i - 1}` : null,
      }),
    );
    writeFileSync(path, `${[header, ...rechained].join("\n")}\n`);
    expect(messagesIn(path)).toEqual(messages);
  });

  it("a message whose previous one was lost still loads, its content intact, with empty model and zero usage", () => {
    const messages: Message[] = [user("go"), call("c1", 20), answer("c1"), call("c2", 22)];
    const { path, ids } = write(messages);
    const lost = readFileSync(path, "utf8")
      .split("\n")
      .map((line) => (line.includes(`"id":"${ids[1]}"`) ? "{not json" : line))
      .join("\n");
    writeFileSync(path, lost);
    const reopened = unwrap(SessionStore.open(path, { readOnly: true }));
    const last = reopened.getEntry(ids[3]!);
    expect(last?.type === "message" && last.message).toMatchObject({
      role: "assistant",
      content: (messages[3] as AssistantMessage).content,
      model: "",
      usage: { output: 22, totalTokens: 127, input: 0 },
      stopReason: "toolUse",
    });
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
