import { createModelRegistry, stream } from "@gong/llm";
import { Type } from "@sinclair/typebox";

const registry = createModelRegistry(); // built-in catalog + ~/.gong/models.json
const model = registry.find("anthropic", "claude-sonnet-5-5"); // or registry.find("ollama", "qwen2.5-coder")
if (!model) throw new Error("unknown model");
const key = registry.getApiKey(model); // ANTHROPIC_API_KEY; Ollama needs none
const tools = [
  { name: "read", description: "Read a file", parameters: Type.Object({ path: Type.String() }) },
];
const events = stream(
  model,
  { messages: [{ role: "user", content: "Read README.md", timestamp: Date.now() }], tools },
  { apiKey: key.ok ? key.apiKey : undefined },
);
for await (const e of events)
  if (e.type === "toolcall_delta") console.log(JSON.stringify(e.partial.content[e.contentIndex])); // path shows early
const message = await events.result(); // stopReason "toolUse", content[0] = { type: "toolCall", id, name: "read", arguments }
console.log(message.stopReason, JSON.stringify(message.content[0]));
