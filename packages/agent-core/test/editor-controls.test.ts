import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Agent, BUSY_MESSAGE, queuedMessageText } from "../src/index.js";
import { assistant, mockModel, testModel, text } from "./helpers/mock-stream.js";

/*
 * What an editor (gong-rpc) drives beyond prompt/steer/abort: compaction with the
 * user's focus, the auto-compaction switch, the queue and messages added outside a run
 * (a hook's `ask` answered by the user: runtime's test/hooks/command-hooks-ask.test.ts).
 */

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "gong-editor-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function history(turns: number) {
  return Array.from({ length: turns }, (_, i) => [
    { role: "user" as const, content: `question ${i} ${"word ".repeat(200)}`, timestamp: 0 },
    assistant([text(`answer ${i} ${"word ".repeat(200)}`)]),
  ]).flat();
}

describe("agent — controls an editor drives", () => {
  it("compact(instructions) sends the user's focus to the summariser", async () => {
    const model = mockModel([assistant([text("## Goal\nship")])]);
    const agent = new Agent({
      model: testModel,
      streamFn: model.streamFn,
      messages: history(6),
      settings: { compaction: { keepRecentTokens: 300 } },
    });
    expect((await agent.compact("keep the API decisions")).ok).toBe(true);
    expect(JSON.stringify(model.requests[0]?.messages)).toContain(
      "Additional focus: keep the API decisions",
    );
  });

  it("setAutoCompaction switches the automatic compactions", () => {
    const agent = new Agent({ model: testModel, streamFn: mockModel([]).streamFn });
    expect(agent.autoCompaction).toBe(true);
    agent.setAutoCompaction(false);
    expect(agent.autoCompaction).toBe(false);
  });

  it("queuedMessages lists steering and follow-up messages not taken yet", () => {
    const agent = new Agent({ model: testModel, streamFn: mockModel([]).streamFn });
    agent.steer("look at b.ts");
    agent.followUp("then run the tests");
    const queued = agent.queuedMessages;
    expect(queued.steering.map((m) => m.content)).toEqual(["look at b.ts"]);
    expect(queued.followUp.map((m) => m.content)).toEqual(["then run the tests"]);
  });

  it("abort drops the queued messages and returns them (issue 22.5)", () => {
    const agent = new Agent({ model: testModel, streamFn: mockModel([]).streamFn });
    agent.steer("look at b.ts");
    agent.followUp("then run the tests");
    const dropped = agent.abort();
    expect(dropped.steering.map(queuedMessageText)).toEqual(["look at b.ts"]);
    expect(dropped.followUp.map(queuedMessageText)).toEqual(["then run the tests"]);
    expect(agent.queuedMessages).toEqual({ steering: [], followUp: [] });
  });

  it("appendMessage adds to the context between runs and is refused during one", async () => {
    const model = mockModel([assistant([text("seen")])]);
    const agent = new Agent({ model: testModel, streamFn: model.streamFn });
    agent.appendMessage({ role: "user", content: "$ ls\nREADME.md", timestamp: 0 });
    const running = agent.prompt("what is here?");
    expect(() => agent.appendMessage({ role: "user", content: "x", timestamp: 0 })).toThrow(
      BUSY_MESSAGE,
    );
    await running;
    expect(JSON.stringify(model.requests[0]?.messages)).toContain("README.md");
  });
});
