import { emptyUsage } from "@gong/llm";
import { describe, expect, it } from "vitest";
import { documentFromEntries } from "../src/index.js";

describe("HTML export — the document of a session's entries", () => {
  it("maps entries to the document: messages, compaction, model change; labels are skipped", () => {
    const doc = documentFromEntries({ id: "s1", timestamp: "t", cwd: "/c" }, [
      { type: "model_change", provider: "anthropic", modelId: "m" },
      { type: "message", message: { role: "user", content: "hi", timestamp: 1 } },
      { type: "compaction", summary: "sum", tokensBefore: 10 },
      { type: "label" },
    ]);
    expect(doc.items.map((i) => i.kind)).toEqual(["model_change", "message", "compaction"]);
  });

  it("model notices follow the models that answered: a pick taken back is dropped, an unannounced switch is shown", () => {
    const pick = (modelId: string) => ({ type: "model_change", provider: "p", modelId });
    const ask = (text: string) => ({
      type: "message",
      message: { role: "user" as const, content: text, timestamp: 1 },
    });
    const answer = (model: string) => ({
      type: "message",
      message: {
        role: "assistant" as const,
        content: [],
        api: "anthropic-messages",
        provider: "p",
        model,
        usage: emptyUsage(),
        stopReason: "stop" as const,
        timestamp: 1,
      },
    });
    const doc = documentFromEntries({ id: "s1", timestamp: "t", cwd: "/c" }, [
      pick("a"),
      ask("1"),
      answer("a"),
      pick("b"),
      pick("a"),
      ask("2"),
      answer("a"),
      // A rewind kept model b in use without a pick on this path.
      ask("3"),
      answer("b"),
      pick("c"),
    ]);
    const shown = doc.items.map((item) =>
      item.kind === "model_change"
        ? `model ${item.modelId}`
        : item.kind === "message" && item.message.role === "user"
          ? `ask ${item.message.content}`
          : item.kind === "message" && item.message.role === "assistant"
            ? `answer ${item.message.model}`
            : item.kind,
    );
    expect(shown).toEqual([
      "model a",
      "ask 1",
      "answer a",
      "ask 2",
      "answer a",
      "ask 3",
      "model b",
      "answer b",
      "model c",
    ]);
  });
});
