import type { AssistantMessageEvent, AssistantMessageEventStream, Model } from "../src/index.js";

/** A model pointed at the mock server. */
export function mockModel(
  api: Model["api"],
  baseUrl: string,
  overrides: Partial<Model> = {},
): Model {
  return {
    id: api === "anthropic-messages" ? "mock-claude" : "mock-gpt",
    name: "mock",
    api,
    provider: api === "anthropic-messages" ? "anthropic" : "openai",
    baseUrl,
    reasoning: false,
    input: ["text", "image"],
    cost: { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 },
    contextWindow: 200_000,
    maxTokens: 4096,
    ...overrides,
  };
}

export async function collect(
  stream: AssistantMessageEventStream,
): Promise<AssistantMessageEvent[]> {
  const events: AssistantMessageEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

export const userMessage = (text: string) => ({
  role: "user" as const,
  content: text,
  timestamp: 1,
});
