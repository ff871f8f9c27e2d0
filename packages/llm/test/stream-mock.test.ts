import { textResponse, thinkingResponse, toolCallResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { type Api, complete, stream, type ToolCall } from "../src/index.js";
import { collect, mockModel, userMessage } from "./helpers.js";

const APIS: Api[] = ["anthropic-messages", "openai-completions", "openai-responses"];

const mock = useMockLlmServer();

const modelFor = (api: Api) =>
  mockModel(api, api === "anthropic-messages" ? mock.anthropicBaseUrl : mock.openaiBaseUrl);

describe.each(APIS)("%s through the real SDK against the mock", (api) => {
  it("streams text: start → text_start → deltas → text_end → done", async () => {
    mock.enqueue(textResponse("Hello from the mock server", { usage: { input: 100, output: 20 } }));
    const events = await collect(
      stream(modelFor(api), { messages: [userMessage("hi")] }, { apiKey: "k" }),
    );
    const types = events.map((event) => event.type);
    expect(types[0]).toBe("start");
    expect(types[1]).toBe("text_start");
    expect(types.filter((type) => type === "text_delta").length).toBeGreaterThan(1);
    expect(types.slice(-2)).toEqual(["text_end", "done"]);
    const done = events.at(-1);
    if (done?.type !== "done") throw new Error("expected done");
    expect(done.message.content).toEqual([{ type: "text", text: "Hello from the mock server" }]);
    expect(done.message.stopReason).toBe("stop");
    expect(done.message.usage).toMatchObject({ input: 100, output: 20, totalTokens: 120 });
    // $3 and $15 per million tokens
    expect(done.message.usage.cost.total).toBeCloseTo((100 * 3 + 20 * 15) / 1e6, 12);
  });

  it("normalises usage: uncached input, cache reads (and Anthropic cache writes) apart", async () => {
    mock.enqueue(
      textResponse("u", { usage: { input: 100, output: 10, cacheRead: 50, cacheWrite: 25 } }),
    );
    const message = await complete(
      modelFor(api),
      { messages: [userMessage("q")] },
      { apiKey: "k" },
    );
    const cacheWrite = api === "anthropic-messages" ? 25 : 0; // OpenAI does not report writes
    expect(message.usage).toMatchObject({ input: 100, output: 10, cacheRead: 50, cacheWrite });
    expect(message.usage.totalTokens).toBe(160 + cacheWrite);
    expect(message.usage.cost.cacheRead).toBeCloseTo((50 * 0.3) / 1e6, 12);
  });

  it("streams thinking before the answer, keeping the replayable signature", async () => {
    mock.enqueue(thinkingResponse("Let me think about it", "42", { signature: "sig-abc" }));
    const message = await complete(
      modelFor(api),
      { messages: [userMessage("q")] },
      { apiKey: "k" },
    );
    expect(message.content[0]).toMatchObject({
      type: "thinking",
      thinking: "Let me think about it",
    });
    expect(message.content[1]).toEqual({ type: "text", text: "42" });
    const signature =
      (message.content[0] as { thinkingSignature?: string }).thinkingSignature ?? "";
    if (api === "anthropic-messages") expect(signature).toBe("sig-abc");
    if (api === "openai-responses") expect(JSON.parse(signature).encrypted_content).toBe("sig-abc");
    if (api === "openai-completions") expect(signature).toBe("reasoning_content");
  });

  it("J.9 4.6 several tool calls in one message keep their own ids and arguments (Pi bug #1446)", async () => {
    const calls = [
      { id: "call_a", name: "read", arguments: { path: "/src/a.ts" } },
      { id: "call_b", name: "read", arguments: { path: "/src/b.ts", offset: 10 } },
      { id: "call_c", name: "bash", arguments: { command: "echo 'c'" } },
    ];
    mock.enqueue(toolCallResponse(calls, { text: "Reading three files.", chunkSize: 5 }));
    const events = await collect(
      stream(modelFor(api), { messages: [userMessage("go")] }, { apiKey: "k" }),
    );
    const done = events.at(-1);
    if (done?.type !== "done") throw new Error(`expected done, got ${JSON.stringify(done)}`);
    expect(done.reason).toBe("toolUse");
    const toolCalls = done.message.content.filter(
      (block): block is ToolCall => block.type === "toolCall",
    );
    expect(toolCalls.map((call) => [call.id.split("|")[0], call.name, call.arguments])).toEqual(
      calls.map((call) => [call.id, call.name, call.arguments]),
    );
    const ends = events.filter((event) => event.type === "toolcall_end");
    expect(ends).toHaveLength(3);
  });

  it("PJSON in the stream: a tool call's path is visible before the call completes", async () => {
    mock.enqueue(
      toolCallResponse(
        [{ name: "write", arguments: { path: "/src/main.ts", content: "x".repeat(80) } }],
        { chunkSize: 6 },
      ),
    );
    const s = stream(modelFor(api), { messages: [userMessage("write")] }, { apiKey: "k" });
    const seen: Record<string, unknown>[] = [];
    for await (const event of s) {
      if (event.type === "toolcall_delta") {
        const block = event.partial.content[event.contentIndex] as ToolCall;
        seen.push({ ...block.arguments });
      }
    }
    const firstWithPath = seen.findIndex((args) => args.path === "/src/main.ts");
    expect(firstWithPath).toBeGreaterThanOrEqual(0);
    expect(firstWithPath).toBeLessThan(seen.length - 1);
    expect(seen.some((args) => typeof args.path === "string" && args.path !== "/src/main.ts")).toBe(
      true,
    );
  });

  it("maps a max-tokens stop to stopReason length", async () => {
    mock.enqueue(textResponse("cut", { stopReason: "length" }));
    const message = await complete(
      modelFor(api),
      { messages: [userMessage("q")] },
      { apiKey: "k" },
    );
    expect(message.stopReason).toBe("length");
  });

  it("item 7: a tool call cut off by the output limit keeps its raw arguments, flagged incomplete", async () => {
    const raw = '{"path":"notes.txt","content":"PARTIAL';
    mock.enqueue(
      toolCallResponse([{ id: "w1", name: "write", arguments: raw }], { stopReason: "length" }),
    );
    const message = await complete(
      modelFor(api),
      { messages: [userMessage("q")] },
      { apiKey: "k" },
    );
    expect(message.stopReason).toBe("length");
    const call = message.content.find((block): block is ToolCall => block.type === "toolCall");
    expect(call?.incompleteArguments).toBe(raw);
  });

  it("item 7: complete tool-call arguments are not flagged", async () => {
    mock.enqueue(toolCallResponse([{ id: "r1", name: "read", arguments: { path: "a.ts" } }]));
    const message = await complete(
      modelFor(api),
      { messages: [userMessage("q")] },
      { apiKey: "k" },
    );
    const call = message.content.find((block): block is ToolCall => block.type === "toolCall");
    expect(call?.arguments).toEqual({ path: "a.ts" });
    expect(call).not.toHaveProperty("incompleteArguments");
  });

  it("sends the key, extra headers, the system prompt and the tools", async () => {
    mock.enqueue(textResponse("ok"));
    const tool = {
      name: "read",
      description: "Read a file",
      parameters: { type: "object", properties: { path: { type: "string" } } } as never,
    };
    await complete(
      modelFor(api),
      { systemPrompt: "You are Gong.", messages: [userMessage("hi")], tools: [tool] },
      { apiKey: "secret-key", headers: { "x-gong-test": "1" } },
    );
    const request = mock.requests[0]!;
    const body = request.body as Record<string, unknown>;
    expect(request.headers["x-gong-test"]).toBe("1");
    if (api === "anthropic-messages") {
      expect(request.path).toBe("/v1/messages");
      // SDK 1.x sends the key as a bearer token; older ones used x-api-key.
      expect(request.headers["x-api-key"] ?? request.headers.authorization).toMatch(/secret-key$/);
      expect(body.system).toEqual([
        { type: "text", text: "You are Gong.", cache_control: { type: "ephemeral" } },
      ]);
      expect(body.tools).toEqual([
        { name: "read", description: "Read a file", input_schema: tool.parameters },
      ]);
      // cache_control on the last user turn
      expect(body.messages).toEqual([
        {
          role: "user",
          content: [{ type: "text", text: "hi", cache_control: { type: "ephemeral" } }],
        },
      ]);
    } else {
      expect(request.headers.authorization).toBe("Bearer secret-key");
    }
    if (api === "openai-completions") {
      expect(request.path).toBe("/v1/chat/completions");
      expect(body.stream_options).toEqual({ include_usage: true });
      expect((body.messages as unknown[])[0]).toEqual({ role: "system", content: "You are Gong." });
      expect(body.tools).toEqual([
        {
          type: "function",
          function: { name: "read", description: "Read a file", parameters: tool.parameters },
        },
      ]);
    }
    if (api === "openai-responses") {
      expect(request.path).toBe("/v1/responses");
      expect(body.instructions).toBe("You are Gong.");
      expect(body.store).toBe(false);
      expect(body.input).toEqual([{ role: "user", content: [{ type: "input_text", text: "hi" }] }]);
    }
  });

  it("replays a tool round trip with results matched to their calls", async () => {
    mock.enqueue(
      toolCallResponse([
        { name: "read", arguments: { path: "a" } },
        { name: "read", arguments: { path: "b" } },
      ]),
    );
    const model = modelFor(api);
    const first = await complete(
      model,
      { messages: [userMessage("read a and b")] },
      { apiKey: "k" },
    );
    const [callA, callB] = first.content.filter(
      (block): block is ToolCall => block.type === "toolCall",
    );
    const result = (call: ToolCall, text: string) => ({
      role: "toolResult" as const,
      toolCallId: call.id,
      toolName: call.name,
      content: [{ type: "text" as const, text }],
      isError: false,
      timestamp: 3,
    });
    mock.enqueue(textResponse("done"));
    const second = await complete(
      model,
      {
        messages: [
          userMessage("read a and b"),
          first,
          result(callB!, "B text"),
          result(callA!, "A text"),
        ],
      },
      { apiKey: "k" },
    );
    expect(second.stopReason).toBe("stop");
    const body = JSON.stringify(mock.requests[1]!.body);
    const idA = callA!.id.split("|")[0]!;
    const idB = callB!.id.split("|")[0]!;
    if (api === "anthropic-messages") {
      const messages = (
        mock.requests[1]!.body as {
          messages: { role: string; content: { type: string; tool_use_id?: string }[] }[];
        }
      ).messages;
      expect(messages).toHaveLength(3);
      expect(messages[2]!.content.map((block) => block.tool_use_id)).toEqual([idB, idA]);
    } else if (api === "openai-completions") {
      expect(body).toContain(`"tool_call_id":"${idB}","content":"B text"`);
      expect(body).toContain(`"tool_call_id":"${idA}","content":"A text"`);
    } else {
      expect(body).toContain(`"call_id":"${idB}","output":"B text"`);
      expect(body).toContain(`"call_id":"${idA}","output":"A text"`);
    }
  });
});

describe("openai-completions request options", () => {
  it("uses the developer role and reasoning_effort for OpenAI reasoning models", async () => {
    mock.enqueue(textResponse("ok"));
    const model = mockModel("openai-completions", mock.openaiBaseUrl, {
      reasoning: true,
      provider: "openai",
    });
    await complete(
      model,
      { systemPrompt: "sys", messages: [userMessage("hi")] },
      { apiKey: "k", thinking: "high", maxTokens: 500 },
    );
    const body = mock.requests[0]!.body as Record<string, unknown>;
    expect((body.messages as unknown[])[0]).toEqual({ role: "developer", content: "sys" });
    expect(body.reasoning_effort).toBe("high");
    expect(body.max_completion_tokens).toBe(500);
  });

  it("Mistral profile: system role, max_tokens, no stream_options, 9-character ids, tool name", async () => {
    mock.enqueue(textResponse("ok"));
    const model = mockModel("openai-completions", mock.openaiBaseUrl, {
      provider: "mistral",
      id: "mistral-large",
    });
    const call: ToolCall = {
      type: "toolCall",
      id: "call_abcdefghijklmnop",
      name: "read",
      arguments: {},
    };
    await complete(
      model,
      {
        systemPrompt: "sys",
        messages: [
          userMessage("hi"),
          { ...(await assistantWith(call)) },
          {
            role: "toolResult",
            toolCallId: call.id,
            toolName: "read",
            content: [{ type: "text", text: "r" }],
            isError: false,
            timestamp: 2,
          },
        ],
      },
      { apiKey: "k", maxTokens: 100 },
    );
    const body = mock.requests[0]!.body as {
      messages: Record<string, unknown>[];
      [key: string]: unknown;
    };
    expect(body.messages[0]).toEqual({ role: "system", content: "sys" });
    expect(body.stream_options).toBeUndefined();
    expect(body.max_tokens).toBe(100);
    const sentId = (body.messages[2]!.tool_calls as { id: string }[])[0]!.id;
    expect(sentId).toMatch(/^[a-zA-Z0-9]{9}$/);
    expect(body.messages[3]).toMatchObject({ role: "tool", tool_call_id: sentId, name: "read" });
  });
});

async function assistantWith(call: ToolCall) {
  return {
    role: "assistant" as const,
    content: [call],
    api: "openai-completions" as const,
    provider: "mistral",
    model: "mistral-large",
    usage: {
      input: 0,
      output: 0,
      cacheRead: 0,
      cacheWrite: 0,
      totalTokens: 0,
      cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
    },
    stopReason: "toolUse" as const,
    timestamp: 1,
  };
}

describe("anthropic-messages thinking request", () => {
  it("Claude 4.6+ gets adaptive thinking with an effort instead of a budget", async () => {
    mock.enqueue(textResponse("ok"));
    const model = mockModel("anthropic-messages", mock.anthropicBaseUrl, {
      id: "claude-opus-4-6",
      reasoning: true,
    });
    await complete(model, { messages: [userMessage("hi")] }, { apiKey: "k", thinking: "high" });
    const body = mock.requests[0]!.body as Record<string, unknown>;
    expect(body.thinking).toEqual({ type: "adaptive" });
    expect(body.output_config).toEqual({ effort: "high" });
  });

  it("enables thinking with a budget below max_tokens", async () => {
    mock.enqueue(textResponse("ok"));
    const model = mockModel("anthropic-messages", mock.anthropicBaseUrl, {
      reasoning: true,
      maxTokens: 64_000,
    });
    await complete(
      model,
      { messages: [userMessage("hi")] },
      { apiKey: "k", thinking: "medium", maxTokens: 8000 },
    );
    const body = mock.requests[0]!.body as {
      thinking: { type: string; budget_tokens: number };
      max_tokens: number;
    };
    expect(body.thinking).toEqual({ type: "enabled", budget_tokens: 10_240 });
    expect(body.max_tokens).toBeGreaterThan(body.thinking.budget_tokens);
  });
});

describe("openai-responses replay", () => {
  it("same model: reasoning item and call_id|item_id go back; another model: call_id only", async () => {
    const model = mockModel("openai-responses", mock.openaiBaseUrl, { reasoning: true });
    mock.enqueue({
      type: "response",
      content: [
        { type: "thinking", thinking: "plan", signature: "enc-1" },
        { type: "toolCall", id: "call_9", name: "read", arguments: { path: "x" } },
      ],
    });
    const first = await complete(
      model,
      { messages: [userMessage("go")] },
      { apiKey: "k", thinking: "low" },
    );
    const call = first.content[1] as ToolCall;
    expect(call.id).toMatch(/^call_9\|fc_/);
    const history = [
      userMessage("go"),
      first,
      {
        role: "toolResult" as const,
        toolCallId: call.id,
        toolName: "read",
        content: [{ type: "text" as const, text: "data" }],
        isError: false,
        timestamp: 2,
      },
    ];
    mock.enqueue([textResponse("a"), textResponse("b")]);
    await complete(model, { messages: history }, { apiKey: "k" });
    const same = mock.requests.at(-1)!.body as {
      input: Record<string, unknown>[];
      include: string[];
      reasoning: unknown;
    };
    expect(same.include).toEqual(["reasoning.encrypted_content"]);
    expect(same.input[1]).toMatchObject({ type: "reasoning", encrypted_content: "enc-1" });
    expect(same.input[2]).toMatchObject({
      type: "function_call",
      call_id: "call_9",
      id: call.id.split("|")[1],
    });
    expect(same.input[3]).toEqual({
      type: "function_call_output",
      call_id: "call_9",
      output: "data",
    });

    const other = { ...model, id: "other-model" };
    await complete(other, { messages: history }, { apiKey: "k" });
    const input = (mock.requests.at(-1)!.body as { input: Record<string, unknown>[] }).input;
    expect(input.some((item) => item.type === "reasoning")).toBe(false);
    expect(input[1]).toEqual({ role: "assistant", content: "plan" });
    expect(input[2]).toEqual({
      type: "function_call",
      call_id: "call_9",
      name: "read",
      arguments: '{"path":"x"}',
    });
  });
});

describe("provider specifics", () => {
  it.each(["reasoning_content", "reasoning", "reasoning_text"] as const)(
    "openai-completions reads thinking from %s",
    async (field) => {
      mock.enqueue({ ...thinkingResponse("deep thought", "answer"), reasoningField: field });
      const model = mockModel("openai-completions", mock.openaiBaseUrl);
      const message = await complete(model, { messages: [userMessage("q")] }, { apiKey: "k" });
      expect(message.content).toEqual([
        { type: "thinking", thinking: "deep thought", thinkingSignature: field },
        { type: "text", text: "answer" },
      ]);
    },
  );

  it("anthropic redacted thinking is kept opaque and replayed to the same model", async () => {
    mock.enqueue({
      type: "response",
      content: [
        { type: "redactedThinking", data: "opaque-blob" },
        { type: "text", text: "hi" },
      ],
    });
    const model = mockModel("anthropic-messages", mock.anthropicBaseUrl, { reasoning: true });
    const first = await complete(model, { messages: [userMessage("q")] }, { apiKey: "k" });
    expect(first.content[0]).toEqual({
      type: "thinking",
      thinking: "",
      thinkingSignature: "opaque-blob",
      redacted: true,
    });
    mock.enqueue(textResponse("again"));
    await complete(
      model,
      { messages: [userMessage("q"), first, userMessage("more")] },
      { apiKey: "k" },
    );
    const messages = (mock.requests.at(-1)!.body as { messages: { content: unknown[] }[] })
      .messages;
    expect(messages[1]!.content[0]).toEqual({ type: "redacted_thinking", data: "opaque-blob" });
  });

  it.each(APIS)(
    "%s: images in user turns and tool results are sent in the provider's shape",
    async (api) => {
      mock.enqueue(textResponse("seen"));
      const image = { type: "image" as const, data: "iVBORw0KGgo=", mimeType: "image/png" };
      const call: ToolCall = {
        type: "toolCall",
        id: "call_img",
        name: "read",
        arguments: { path: "a.png" },
      };
      const model = modelFor(api);
      const previous = {
        role: "assistant" as const,
        content: [call],
        api: model.api,
        provider: model.provider,
        model: model.id,
        usage: {
          input: 0,
          output: 0,
          cacheRead: 0,
          cacheWrite: 0,
          totalTokens: 0,
          cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
        },
        stopReason: "toolUse" as const,
        timestamp: 1,
      };
      await complete(
        model,
        {
          messages: [
            { role: "user", content: [{ type: "text", text: "look" }, image], timestamp: 0 },
            previous,
            {
              role: "toolResult",
              toolCallId: "call_img",
              toolName: "read",
              content: [{ type: "text", text: "an image" }, image],
              isError: false,
              timestamp: 2,
            },
          ],
        },
        { apiKey: "k" },
      );
      const body = JSON.stringify(mock.requests.at(-1)!.body);
      if (api === "anthropic-messages") {
        expect(body).toContain(
          '{"type":"image","source":{"type":"base64","media_type":"image/png","data":"iVBORw0KGgo="}}',
        );
        expect(body).toMatch(/"tool_result".*"type":"image"/);
      } else if (api === "openai-completions") {
        expect(body.match(/data:image\/png;base64,iVBORw0KGgo=/g)).toHaveLength(2);
        expect(body).toContain("Images returned by the tool calls above");
      } else {
        expect(body.match(/"input_image"/g)).toHaveLength(2);
      }
    },
  );
});
