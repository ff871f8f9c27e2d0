// Opt-in provider E2E (seed 002 J.9 2.1–2.4, J.11): skipped unless the key is set.
// CI never sets these; run locally with ANTHROPIC_API_KEY=… / OPENAI_API_KEY=… pnpm test.
import { Type } from "@sinclair/typebox";
import { describe, expect, it } from "vitest";
import {
  type AssistantMessage,
  complete,
  getModel,
  type Model,
  stream,
  type ToolCall,
} from "../src/index.js";
import { collect, userMessage } from "./helpers.js";

const providers: [string, string, string][] = [
  ["anthropic", "claude-haiku-4-5", "ANTHROPIC_API_KEY"],
  ["openai", "gpt-4.1-mini", "OPENAI_API_KEY"],
];

const readTool = {
  name: "read",
  description: "Read a file from the project",
  parameters: Type.Object({ path: Type.String({ description: "File path" }) }),
};

for (const [provider, modelId, envName] of providers) {
  describe.skipIf(!process.env[envName])(`${provider} E2E (J.9 2.x / J.11)`, () => {
    const model = getModel(provider, modelId) as Model;
    const options = { maxTokens: 256 };

    it("2.1 text prompt: 'What is 2+2?' answers 4", async () => {
      const message = await complete(
        model,
        { messages: [userMessage("What is 2+2? Answer with the number only.")] },
        options,
      );
      expect(message.stopReason).toBe("stop");
      expect(JSON.stringify(message.content)).toContain("4");
      expect(message.usage.input).toBeGreaterThan(0);
    });

    it("2.2 tool call: the model calls read with a path", async () => {
      const message = await complete(
        model,
        {
          messages: [userMessage("Use the read tool to read the file README.md.")],
          tools: [readTool],
        },
        options,
      );
      expect(message.stopReason).toBe("toolUse");
      const call = message.content.find((block): block is ToolCall => block.type === "toolCall");
      expect(call?.name).toBe("read");
      expect(String(call?.arguments.path)).toContain("README");
    });

    it("2.3 streaming events: start → deltas → done", async () => {
      const events = await collect(
        stream(model, { messages: [userMessage("Count from 1 to 5.")] }, options),
      );
      expect(events[0]?.type).toBe("start");
      expect(events.some((event) => event.type === "text_delta")).toBe(true);
      expect(events.at(-1)?.type).toBe("done");
    });

    it("2.4 two-turn memory", async () => {
      const first = userMessage("My favourite colour is teal. Just say OK.");
      const reply: AssistantMessage = await complete(model, { messages: [first] }, options);
      const second = await complete(
        model,
        { messages: [first, reply, userMessage("What is my favourite colour? One word.")] },
        options,
      );
      expect(JSON.stringify(second.content).toLowerCase()).toContain("teal");
    });
  });
}
