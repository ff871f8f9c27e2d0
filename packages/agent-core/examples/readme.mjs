import { Agent } from "@gong/agent-core";
import { createModelRegistry, getModel, stream } from "@gong/llm";
import { createCodingTools } from "@gong/tools";

const model = getModel("anthropic", "claude-sonnet-5-5"); // ANTHROPIC_BASE_URL may point it at a mock
if (!model) throw new Error("unknown model");
const tools = createCodingTools({ cwd: process.cwd(), tools: ["read"] });
const getApiKey = createModelRegistry().apiKeyResolver(); // ~/.gong/models.json, then the environment
const agent = new Agent({ model, streamFn: stream, tools, getApiKey });
agent.subscribe((e) => {
  if (e.type === "tool_execution_start") console.log(`[${e.toolName}]`, JSON.stringify(e.args));
  if (e.type === "tool_execution_end") console.log(`[${e.toolName} → ${e.result.status}]`);
  if (e.type === "message_end" && e.message.role === "assistant") console.log(e.message.content);
});
await agent.prompt("Read package.json and tell me the package name.");
console.log(agent.state.error ?? "(done)");
