import { parse as parseIncomplete } from "partial-json";
import { describe, expect, it } from "vitest";
import type { AssistantMessage, ToolCall } from "../src/index.js";
import { createAssistantMessageEventStream, emptyUsage, parsePartialJson } from "../src/index.js";
import { MessageBuilder } from "../src/providers/message-builder.js";

describe("seed 002 §12 partial JSON", () => {
  it("PJSON-001 complete JSON parses directly", () => {
    expect(parsePartialJson('{"a":1}')).toEqual({ a: 1 });
  });
  it("PJSON-002 an unclosed string is closed", () => {
    expect(parsePartialJson('{"file":"/src/ma')).toEqual({ file: "/src/ma" });
  });
  it("PJSON-003 an unclosed object keeps every field", () => {
    expect(parsePartialJson('{"a":1,"b":2')).toEqual({ a: 1, b: 2 });
  });
  it("PJSON-004 nested objects are closed in stack order", () => {
    expect(parsePartialJson('{"a":{"b":1')).toEqual({ a: { b: 1 } });
  });
  it("PJSON-005 an open array keeps its elements", () => {
    expect(parsePartialJson('{"items":[1,2,3')).toEqual({ items: [1, 2, 3] });
  });
  it("PJSON-006 empty input is an empty object", () => {
    expect(parsePartialJson("")).toEqual({});
    expect(parsePartialJson("   ")).toEqual({});
  });
  it("PJSON-007 accumulating fragments ends with the complete value", () => {
    // Streaming accumulation is the MessageBuilder's incremental JsonTail (tested below);
    // each growing prefix parses to what has arrived so far.
    expect(parsePartialJson('{"path": "/sr')).toEqual({ path: "/sr" });
    expect(parsePartialJson('{"path": "/src/main.go", "con').path).toBe("/src/main.go");
    expect(parsePartialJson('{"path": "/src/main.go", "content": "hello"}')).toEqual({
      path: "/src/main.go",
      content: "hello",
    });
  });
  it("PJSON-008 a trailing comma is tolerated", () => {
    expect(parsePartialJson('{"a":1,')).toEqual({ a: 1 });
  });
  it("garbage and non-objects give {} instead of throwing", () => {
    expect(parsePartialJson("not json")).toEqual({});
    expect(parsePartialJson("[1,2]")).toEqual({});
    expect(parsePartialJson("null")).toEqual({});
  });
});

/** The parser before the JSON.parse fast path: the reference the fast path must match. */
function referenceParse(text: string): Record<string, unknown> {
  const trimmed = text.trim();
  if (!trimmed) return {};
  const asObject = (value: unknown) =>
    value !== null && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  if (trimmed.endsWith("}")) {
    try {
      return asObject(JSON.parse(trimmed));
    } catch {}
  }
  try {
    return asObject(parseIncomplete(trimmed));
  } catch {
    return {};
  }
}

describe("seed 002 §12 partial JSON — fast path", () => {
  const documents = [
    '{"path": "/src/a.ts", "content": "line 1\\nline \\"2\\"\\\\ \\u00e9 end"}',
    '{"a": [1, -2.5e3, true, false, null, {"b": [[], {}]}], "c": {"d": "x}]"}}',
    ' { "edits" : [ { "old" : "a b ", "new" : "[{" } , { "old":"" } ] } ',
    '{"n": 12345678901234567890, "neg": -0, "f": 0.125, "e": 1E-7}',
    '{"unicode": "日本語 ✓ \\ud83d\\ude00", "empty": "", "sp": "   "}',
  ];
  it("every prefix parses exactly as the partial parser alone did", () => {
    for (const document of documents) {
      for (let end = 0; end <= document.length; end++) {
        const prefix = document.slice(0, end);
        expect(parsePartialJson(prefix), prefix).toEqual(referenceParse(prefix));
      }
    }
  });
  it("streamed tool-call deltas carry the same arguments as a full re-parse", () => {
    const events = createAssistantMessageEventStream();
    const message: AssistantMessage = {
      role: "assistant",
      content: [],
      api: "openai-completions",
      provider: "openai",
      model: "m",
      usage: emptyUsage(),
      stopReason: "stop",
      timestamp: 0,
    };
    const builder = new MessageBuilder(message, events);
    for (const document of documents) {
      const index = builder.startToolCall("id", "tool");
      let text = "";
      for (let end = 0; end < document.length; end += 3) {
        const delta = document.slice(end, end + 3);
        text += delta;
        builder.appendToolArguments(index, delta);
        const block = message.content[index] as ToolCall;
        expect(block.arguments, text).toEqual(referenceParse(text));
      }
      builder.end(index);
      expect((message.content[index] as ToolCall).arguments).toEqual(JSON.parse(document));
    }
  });
});
