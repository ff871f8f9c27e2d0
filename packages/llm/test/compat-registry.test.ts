import { type MockLlmServer, startMockLlmServer, toolCallResponse } from "@gong/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Context,
  complete,
  createAssistantMessageEventStream,
  emptyUsage,
  getRegisteredApis,
  type Model,
  registerApi,
  resolveCompat,
  stream,
} from "../src/index.js";
import { mockModel, userMessage } from "./helpers.js";

let mock: MockLlmServer;
beforeAll(async () => {
  mock = await startMockLlmServer();
});
afterAll(() => mock.close());

describe("OpenAI-compatible profiles", () => {
  const at = (provider: string, baseUrl: string, compat?: Record<string, unknown>) =>
    resolveCompat({ provider, baseUrl, ...(compat ? { compat } : {}) });

  it("OpenAI: developer role, reasoning_effort, max_completion_tokens, store", () => {
    expect(at("openai", "https://api.openai.com/v1")).toMatchObject({
      supportsDeveloperRole: true,
      supportsReasoningEffort: true,
      maxTokensField: "max_completion_tokens",
      supportsStore: true,
    });
  });

  it.each([
    ["groq", "https://api.groq.com/openai/v1"],
    ["xai", "https://api.x.ai/v1"],
    ["openrouter", "https://openrouter.ai/api/v1"],
    ["deepseek", "https://api.deepseek.com/v1"],
    ["cerebras", "https://api.cerebras.ai/v1"],
    ["ollama", "http://localhost:11434/v1"],
    ["lmstudio", "http://localhost:1234/v1"],
    ["vllm", "http://localhost:8000/v1"],
  ])("%s: system role, usage in stream", (provider, baseUrl) => {
    expect(at(provider, baseUrl)).toMatchObject({
      supportsDeveloperRole: false,
      supportsUsageInStreaming: true,
    });
  });

  it("Mistral: 9-character ids, tool name, no stream_options; detected by URL too", () => {
    const expected = {
      toolCallIdFormat: "mistral",
      requiresToolResultName: true,
      supportsUsageInStreaming: false,
    };
    expect(at("mistral", "https://api.mistral.ai/v1")).toMatchObject(expected);
    expect(at("my-mistral", "https://api.mistral.ai/v1")).toMatchObject(expected);
  });

  it("models.json compat overrides the profile", () => {
    expect(
      at("ollama", "http://localhost:11434/v1", { supportsUsageInStreaming: false })
        .supportsUsageInStreaming,
    ).toBe(false);
  });

  it("a compatible server answering finish_reason 'stop' after tool calls still means toolUse", async () => {
    // Ollama does this; the mock sends what we script.
    mock.enqueue(
      toolCallResponse([{ name: "ls", arguments: { path: "." } }], { stopReason: "stop" }),
    );
    const model = mockModel("openai-completions", mock.openaiBaseUrl, {
      provider: "ollama",
      id: "qwen2.5-coder",
    });
    const message = await complete(model, { messages: [userMessage("list")] });
    expect(message.stopReason).toBe("toolUse");
  });
});

describe("API registry", () => {
  it("built-ins are registered; registerApi adds one and stream() repairs the context first", async () => {
    expect(getRegisteredApis()).toEqual(
      expect.arrayContaining(["anthropic-messages", "openai-completions", "openai-responses"]),
    );
    let seen: Context | undefined;
    registerApi("echo-api", (model, context) => {
      seen = context;
      const events = createAssistantMessageEventStream();
      const message = {
        role: "assistant" as const,
        content: [{ type: "text" as const, text: "echo" }],
        api: model.api,
        provider: model.provider,
        model: model.id,
        usage: emptyUsage(),
        stopReason: "stop" as const,
        timestamp: 0,
      };
      events.push({ type: "start", partial: message });
      events.push({ type: "done", reason: "stop", message });
      return events;
    });
    const model: Model = mockModel("echo-api", "http://unused");
    const orphanCall = {
      role: "assistant" as const,
      content: [{ type: "toolCall" as const, id: "c1", name: "read", arguments: {} }],
      api: "echo-api",
      provider: "openai",
      model: "x",
      usage: emptyUsage(),
      stopReason: "toolUse" as const,
      timestamp: 1,
    };
    const message = await stream(model, {
      messages: [userMessage("a"), orphanCall, userMessage("b")],
    }).result();
    expect(message.content).toEqual([{ type: "text", text: "echo" }]);
    expect(seen?.messages.map((m) => m.role)).toEqual(["user", "assistant", "toolResult", "user"]);
  });
});
