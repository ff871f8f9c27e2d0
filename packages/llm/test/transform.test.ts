import { describe, expect, it } from "vitest";
import {
  type AssistantMessage,
  branchSummaryText,
  compactionSummaryText,
  emptyUsage,
  extractCompactionSummary,
  type Message,
  type Model,
  NO_RESULT_TEXT,
  normalizeToolCallId,
  type ToolCall,
  type ToolResultMessage,
  toolCallIdFormat,
  transformMessages,
} from "../src/index.js";
import { mockModel } from "./helpers.js";

const anthropic = mockModel("anthropic-messages", "http://x", {
  id: "claude-a",
  provider: "anthropic",
});
const openai = mockModel("openai-completions", "http://x/v1", { id: "gpt-a", provider: "openai" });
const responses = mockModel("openai-responses", "http://x/v1", { id: "gpt-r", provider: "openai" });
const mistral = mockModel("openai-completions", "https://api.mistral.ai/v1", {
  id: "mistral-large",
  provider: "mistral",
});

const user = (text: string): Message => ({ role: "user", content: text, timestamp: 0 });
const call = (id: string, name = "read"): ToolCall => ({
  type: "toolCall",
  id,
  name,
  arguments: { path: id },
});
function assistant(
  content: AssistantMessage["content"],
  from: Model = anthropic,
  extra: Partial<AssistantMessage> = {},
): AssistantMessage {
  return {
    role: "assistant",
    content,
    api: from.api,
    provider: from.provider,
    model: from.id,
    usage: emptyUsage(),
    stopReason: "toolUse",
    timestamp: 5,
    ...extra,
  };
}
const result = (toolCallId: string, text = "ok"): ToolResultMessage => ({
  role: "toolResult",
  toolCallId,
  toolName: "read",
  content: [{ type: "text", text }],
  isError: false,
  timestamp: 6,
});

describe("seed 002 §4.5 orphan repair (J.9 4.2)", () => {
  it("a call without a result gets a synthetic isError result right after its turn", () => {
    const out = transformMessages(
      [user("go"), assistant([call("a"), call("b")]), result("a"), user("next")],
      anthropic,
    );
    expect(out.map((m) => m.role)).toEqual([
      "user",
      "assistant",
      "toolResult",
      "toolResult",
      "user",
    ]);
    const synthetic = out[3] as ToolResultMessage;
    expect(synthetic).toMatchObject({ toolCallId: "b", toolName: "read", isError: true });
    expect(synthetic.content).toEqual([{ type: "text", text: NO_RESULT_TEXT }]);
    // One text with agent-core: a call cut off by a crash reads as interrupted on resume.
    expect(NO_RESULT_TEXT).toContain("interrupted");
  });

  it("a trailing turn with no results at all is repaired too", () => {
    const out = transformMessages([user("go"), assistant([call("a")])], anthropic);
    expect(out.at(-1)).toMatchObject({ role: "toolResult", toolCallId: "a", isError: true });
  });

  it("a result without a matching call is dropped (Pi bug #1454/#1455)", () => {
    const out = transformMessages(
      [user("go"), assistant([call("a")]), result("a"), result("ghost"), user("x"), result("a")],
      anthropic,
    );
    expect(
      out.filter((m) => m.role === "toolResult").map((m) => (m as ToolResultMessage).toolCallId),
    ).toEqual(["a"]);
  });

  it("errored or aborted assistant turns with no content are dropped, with content kept", () => {
    const out = transformMessages(
      [
        user("a"),
        assistant([], anthropic, { stopReason: "error" }),
        assistant([{ type: "text", text: "" }], anthropic, { stopReason: "aborted" }),
        assistant([{ type: "text", text: "partial" }], anthropic, { stopReason: "aborted" }),
      ],
      anthropic,
    );
    expect(out).toHaveLength(2);
    expect((out[1] as AssistantMessage).content).toEqual([{ type: "text", text: "partial" }]);
  });

  it("J.9 4.5 string or null content never crashes (Pi bug #1434)", () => {
    const broken = [
      { role: "user", content: null, timestamp: 0 },
      { ...assistant([]), content: "plain string reply", stopReason: "stop" },
      { ...assistant([]), content: null, stopReason: "stop" },
      { ...result("x"), content: "string result" },
    ] as unknown as Message[];
    const out = transformMessages(broken, anthropic);
    expect((out[1] as AssistantMessage).content).toEqual([
      { type: "text", text: "plain string reply" },
    ]);
    expect(out.every((m) => m.role === "user" || Array.isArray(m.content))).toBe(true);
  });
});

describe("seed 002 §4.6 cross-provider thinking", () => {
  const thinking = {
    type: "thinking" as const,
    thinking: "I should read the file",
    thinkingSignature: "sig",
  };
  const redacted = {
    type: "thinking" as const,
    thinking: "",
    thinkingSignature: "opaque",
    redacted: true,
  };

  it("same provider and model: thinking and signature kept", () => {
    const out = transformMessages(
      [
        user("q"),
        assistant([thinking, redacted, { type: "text", text: "hi" }], anthropic, {
          stopReason: "stop",
        }),
      ],
      anthropic,
    );
    expect((out[1] as AssistantMessage).content).toEqual([
      thinking,
      redacted,
      { type: "text", text: "hi" },
    ]);
  });

  it("another model: thinking becomes plain text, redacted thinking and signatures dropped", () => {
    const out = transformMessages(
      [
        user("q"),
        assistant([thinking, redacted, { type: "text", text: "hi" }], anthropic, {
          stopReason: "stop",
        }),
      ],
      openai,
    );
    expect((out[1] as AssistantMessage).content).toEqual([
      { type: "text", text: "I should read the file" },
      { type: "text", text: "hi" },
    ]);
  });

  it("same Anthropic model but unsigned thinking (aborted mid-thought) becomes text", () => {
    const unsigned = { type: "thinking" as const, thinking: "half a thought" };
    const out = transformMessages(
      [user("q"), assistant([unsigned], anthropic, { stopReason: "aborted" })],
      anthropic,
    );
    expect((out[1] as AssistantMessage).content).toEqual([
      { type: "text", text: "half a thought" },
    ]);
  });
});

describe("seed 002 §4.3 tool-call id normalisation", () => {
  const responsesId = `call_${"x".repeat(40)}|fc_${"y".repeat(420)}`;

  it("Responses composite ids become valid Anthropic ids, results remapped", () => {
    const out = transformMessages(
      [user("q"), assistant([call(responsesId)], responses), result(responsesId)],
      anthropic,
    );
    const sent = ((out[1] as AssistantMessage).content[0] as ToolCall).id;
    expect(sent).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
    expect((out[2] as ToolResultMessage).toolCallId).toBe(sent);
    expect(out).toHaveLength(3); // no synthetic result: the pair still matches
  });

  it("Mistral gets exactly 9 alphanumerics; two calls never collide", () => {
    const out = transformMessages(
      [
        user("q"),
        assistant([call("call_1"), call("call_2")], openai),
        result("call_2"),
        result("call_1"),
      ],
      mistral,
    );
    const ids = ((out[1] as AssistantMessage).content as ToolCall[]).map((c) => c.id);
    expect(ids.every((id) => /^[a-zA-Z0-9]{9}$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(2);
    expect((out[2] as ToolResultMessage).toolCallId).toBe(ids[1]);
    expect((out[3] as ToolResultMessage).toolCallId).toBe(ids[0]);
  });

  it("the id format follows the compat profile: provider, URL hint, then models.json override", () => {
    const chat = (provider: string, baseUrl: string, compat?: Record<string, unknown>) =>
      toolCallIdFormat({
        api: "openai-completions",
        provider,
        baseUrl,
        ...(compat ? { compat } : {}),
      });
    expect(chat("mistral", "https://example.test/v1")).toBe("mistral");
    expect(chat("my-proxy", "https://api.mistral.ai/v1")).toBe("mistral");
    expect(chat("box", "http://localhost:8080/v1", { toolCallIdFormat: "mistral" })).toBe(
      "mistral",
    );
    expect(chat("mistral", "https://api.mistral.ai/v1", { toolCallIdFormat: "any" })).toBe(
      "openai",
    );
    expect(chat("openai", "https://api.openai.com/v1")).toBe("openai");
  });

  it("OpenAI Chat ids are at most 40 characters", () => {
    const id = normalizeToolCallId(responsesId, "openai", false);
    expect(id.length).toBeLessThanOrEqual(40);
  });

  it("Responses keeps its own composite id for the same model, splits it for another", () => {
    expect(normalizeToolCallId("call_1|fc_1", "responses", true)).toBe("call_1|fc_1");
    expect(normalizeToolCallId("call_1|fc_1", "responses", false)).toBe("call_1");
  });

  it("round trip: normalisation is deterministic and idempotent", () => {
    for (const format of ["anthropic", "openai", "mistral", "responses"] as const) {
      const once = normalizeToolCallId(responsesId, format, false);
      expect(normalizeToolCallId(responsesId, format, false)).toBe(once);
      expect(normalizeToolCallId(once, format, false)).toBe(once);
    }
  });

  it("Anthropic-invalid characters are replaced", () => {
    expect(normalizeToolCallId("call.with:odd/chars", "anthropic", false)).toBe(
      "call_with_odd_chars",
    );
  });
});

describe("images for text-only models", () => {
  it("are replaced by a note instead of being sent", () => {
    const textOnly = { ...openai, input: ["text" as const] };
    const out = transformMessages(
      [
        {
          role: "user",
          content: [
            { type: "text", text: "see" },
            { type: "image", data: "AAAA", mimeType: "image/png" },
          ],
          timestamp: 0,
        },
      ],
      textOnly,
    );
    expect(JSON.stringify(out)).not.toContain("AAAA");
    expect(JSON.stringify(out)).toContain("image omitted");
  });
});

describe("compaction summary message — one wrapper for session-store and agent-core", () => {
  it("what compactionSummaryText writes, extractCompactionSummary reads back (multi-line)", () => {
    const summary = "## Goal\nfix the login bug\n\n## Done\n- read src/a.ts";
    const text = compactionSummaryText(summary);
    expect(extractCompactionSummary({ role: "user", content: text, timestamp: 0 })).toBe(summary);
    expect(
      extractCompactionSummary({ role: "user", content: [{ type: "text", text }], timestamp: 0 }),
    ).toBe(summary);
  });
  it("a branch summary or an ordinary message is not a compaction summary", () => {
    const branch = branchSummaryText("s");
    expect(
      extractCompactionSummary({ role: "user", content: branch, timestamp: 0 }),
    ).toBeUndefined();
    expect(extractCompactionSummary({ role: "user", content: "hi", timestamp: 0 })).toBeUndefined();
  });
});
