import type { CodingSessionEvent, Message } from "@gong/runtime";
import { describe, expect, it } from "vitest";
import { replayInto } from "../../src/interactive/transcript/replay.js";
import { Transcript } from "../../src/interactive/transcript/transcript.js";

/** How a compaction's summary message opens (COMPACTION_SUMMARY_PREFIX in @gong/llm). */
const COMPACTION_SUMMARY =
  "The conversation history before this point was compacted into the following summary:";

type Assistant = Extract<Message, { role: "assistant" }>;

// biome-ignore lint/suspicious/noControlCharactersInRegex: colours are stripped to read the text
const plain = (lines: string[]) => lines.map((line) => line.replace(/\x1b\[[0-9;]*m/g, ""));
const context = { now: 0, showThinking: false };

function assistant(
  content: Assistant["content"],
  stopReason: Assistant["stopReason"] = "stop",
): Assistant {
  return {
    role: "assistant",
    content,
    api: "openai-completions",
    provider: "openai",
    model: "gpt-4o",
    usage: {
      input: 0,
      output: 0,
      cacheRead: 0,
      cacheWrite: 0,
      totalTokens: 0,
      cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
    },
    stopReason,
    timestamp: 0,
  } as Assistant;
}

/** A transcript fed events; `streaming` sends the deltas that make the text so far. */
function feed() {
  const transcript = new Transcript();
  let streamed = "";
  const send = (event: CodingSessionEvent, now = 0) => transcript.apply(event, now);
  const streaming = (message: Assistant) => {
    const part = message.content[0];
    const text = part?.type === "text" ? part.text : "";
    send({
      type: "message_update",
      assistantMessageEvent: {
        type: "text_delta",
        contentIndex: 0,
        delta: text.slice(streamed.length),
      },
    });
    streamed = text;
  };
  const committed = () =>
    plain(transcript.takeFinished(context).flatMap((e) => e.render(80, context)));
  const live = () => plain(transcript.liveLines(80, context));
  return { transcript, send, streaming, committed, live };
}

describe("interactive — transcript", () => {
  it("a streamed answer's finished paragraphs reach the scrollback before the answer ends", () => {
    const t = feed();
    t.send({ type: "message_start", message: assistant([]) });
    t.streaming(assistant([{ type: "text", text: "First paragraph.\n\nSecond, stre" }]));
    expect(t.committed()).toEqual(["", "First paragraph."]);
    expect(t.live()).toEqual(["", "Second, stre"]);
    const final = assistant([{ type: "text", text: "First paragraph.\n\nSecond, streamed." }]);
    t.streaming(final);
    t.send({ type: "message_end", message: final });
    expect(t.committed()).toEqual(["", "Second, streamed."]);
    expect(t.live()).toEqual([]);
  });

  it("task — a block per task: its description, a live line of the subagent's progress, then its summary", () => {
    const t = feed();
    const args = { description: "find the parser", prompt: "Find it.", subagent_type: "explore" };
    const call = { type: "toolCall", id: "t1", name: "task", arguments: args } as const;
    const message = assistant([call], "toolUse");
    t.send({ type: "message_start", message });
    t.send({ type: "message_end", message });
    t.send({ type: "tool_execution_start", toolCallId: "t1", toolName: "task", args }, 0);
    const envelope = { stats: { time_ms: 0 }, context: { cwd: ".", params_input: args } };
    t.send({
      type: "tool_execution_update",
      toolCallId: "t1",
      toolName: "task",
      partial: {
        ...envelope,
        status: "partial",
        data: { current: "read src/parse.ts", tool_calls: 3, tokens: 1200 },
        text: "explore: read src/parse.ts · 3 tool calls · 1200 tokens · 2s",
      },
    });
    const live = t.live().join("\n");
    expect(live).toContain("task find the parser");
    expect(live).toContain("explore: read src/parse.ts · 3 tool calls · 1200 tokens");
    t.send(
      {
        type: "tool_execution_end",
        toolCallId: "t1",
        toolName: "task",
        isError: false,
        result: {
          ...envelope,
          status: "success",
          data: { subagent_type: "explore", summary: "The parser is in src/parse.ts:12." },
          text: "The parser is in src/parse.ts:12.\nIt reads tokens.\n\nTranscript: /s/t1.jsonl",
        },
      },
      2000,
    );
    const committed = t.committed();
    expect(committed[1]).toMatch(/^✓ task find the parser/);
    expect(committed.slice(2)).toEqual(["  The parser is in src/parse.ts:12."]);
  });

  it("a tool call stays live until its result is in, then goes to the scrollback in order", () => {
    const t = feed();
    const call = {
      type: "toolCall",
      id: "c1",
      name: "bash",
      arguments: { command: "make" },
    } as const;
    const message = assistant([{ type: "text", text: "Building." }, call], "toolUse");
    t.send({ type: "message_start", message });
    t.send({ type: "message_end", message });
    t.send(
      { type: "tool_execution_start", toolCallId: "c1", toolName: "bash", args: call.arguments },
      0,
    );
    expect(t.committed()).toEqual(["", "Building."]);
    t.send({
      type: "tool_execution_update",
      toolCallId: "c1",
      toolName: "bash",
      partial: {
        status: "partial",
        data: { stdout: "compiling…" },
        text: "",
        stats: { time_ms: 0 },
        context: { cwd: ".", params_input: {} },
      },
    });
    expect(t.live().join("\n")).toContain("compiling…");
    t.send({
      type: "message_start",
      message: { role: "user", content: "after", timestamp: 0 } as Message,
    });
    // The user's next message waits behind the running call: the scrollback keeps the order.
    expect(t.committed()).toEqual([]);
    t.send(
      {
        type: "tool_execution_end",
        toolCallId: "c1",
        toolName: "bash",
        isError: false,
        result: {
          status: "success",
          data: { stdout: "ok" },
          text: "ok",
          stats: { time_ms: 5 },
          context: { cwd: ".", params_input: {} },
        },
      },
      5,
    );
    const committed = t.committed();
    expect(committed[1]).toMatch(/^✓ bash make/);
    expect(committed.at(-1)).toBe("› after");
  });

  it("thinking is one dim line unless shown", () => {
    const t = feed();
    const message = assistant([
      { type: "thinking", thinking: "step one\nstep two" },
      { type: "text", text: "Answer." },
    ]);
    t.send({ type: "message_start", message });
    t.send({ type: "message_end", message });
    const entries = t.transcript.takeFinished(context);
    const collapsed = plain(entries.flatMap((e) => e.render(80, context)));
    expect(collapsed).toContain("thinking (2 lines, Ctrl+T shows it)");
    const shown = plain(entries.flatMap((e) => e.render(80, { ...context, showThinking: true })));
    expect(shown).toContain("step one");
    expect(shown).toContain("step two");
  });

  it("retries, compactions and warnings are one-line notes", () => {
    const t = feed();
    t.send({
      type: "retry",
      attempt: 1,
      maxAttempts: 3,
      delayMs: 2000,
      errorKind: "rate_limit",
      errorMessage: "429",
    });
    t.send({ type: "compaction_start", reason: "threshold" });
    t.send({ type: "warning", message: "settings.json:3:3: invalid JSON" });
    expect(t.committed()).toEqual([
      "rate limited; retrying in 2 s (attempt 1 of 3)",
      "compacting the conversation (threshold)…",
      "warning: settings.json:3:3: invalid JSON",
    ]);
  });

  it("a failed answer ends with its error in the transcript", () => {
    const t = feed();
    const failed = { ...assistant([], "error"), errorMessage: "invalid x-api-key" };
    t.send({ type: "message_start", message: failed });
    t.send({ type: "message_end", message: failed });
    expect(t.committed()).toEqual(["error: invalid x-api-key"]);
  });

  it("calls left without a result when the run ends are marked interrupted", () => {
    const t = feed();
    const call = {
      type: "toolCall",
      id: "c9",
      name: "bash",
      arguments: { command: "sleep 60" },
    } as const;
    const message = assistant([call], "toolUse");
    t.send({ type: "message_start", message });
    t.send({ type: "message_end", message });
    t.send({ type: "agent_end", messages: [], durationMs: 0, turns: 1 });
    expect(t.committed()).toEqual(["", "■ bash sleep 60", "  interrupted"]);
  });
});

describe("interactive — a stored conversation replayed", () => {
  it("shows prompts, answers and tool results; a compaction summary is one note, not a prompt", () => {
    const transcript = new Transcript();
    const call = {
      type: "toolCall",
      id: "r1",
      name: "bash",
      arguments: { command: "ls" },
    } as const;
    replayInto(transcript, [
      {
        role: "user",
        content: [
          {
            type: "text",
            text: `${COMPACTION_SUMMARY}\n\n<summary>\nwe fixed the parser\n</summary>`,
          },
        ],
        timestamp: 0,
      },
      { role: "user", content: "list the files", timestamp: 0 },
      assistant([call], "toolUse"),
      {
        role: "toolResult",
        toolCallId: "r1",
        toolName: "bash",
        content: [{ type: "text", text: "a.ts" }],
        details: {
          status: "success",
          data: { stdout: "a.ts" },
          text: "a.ts",
          stats: { time_ms: 1 },
          context: { cwd: ".", params_input: {} },
        },
        isError: false,
        timestamp: 0,
      },
    ] as Message[]);
    const lines = plain(transcript.takeFinished(context).flatMap((e) => e.render(80, context)));
    expect(lines).toEqual([
      "earlier messages were compacted into a summary (/export shows it)",
      "",
      "› list the files",
      "",
      "✓ bash ls",
      "  a.ts",
    ]);
  });
});
