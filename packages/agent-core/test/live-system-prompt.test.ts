import { describe, expect, it } from "vitest";
import { Agent } from "../src/index.js";
import { assistant, mockModel, testModel, text, toolCall } from "./helpers/mock-stream.js";
import { echoTool } from "./helpers/tools.js";

/** Two turns: a tool call, then the answer. */
const twoTurns = () =>
  mockModel([assistant([toolCall("1", "echo", { text: "hi" })]), assistant([text("done")])]);

describe("system prompt changes inside a running tool loop", () => {
  it("the system prompt provider is asked before every LLM call and applies at once", async () => {
    const model = twoTurns();
    let prompt = "v0";
    const agent = new Agent({
      model: testModel,
      streamFn: model.streamFn,
      systemPrompt: () => prompt,
      tools: [echoTool()],
      hooks: [
        {
          onToolResult: (_name, result) => {
            prompt = "v2";
            return result;
          },
        },
      ],
    });
    await agent.prompt("go");
    expect(model.requests.map((r) => r.systemPrompt)).toEqual(["v0", "v2"]);
    expect(agent.state.systemPrompt).toBe("v2");
  });

  it("setSystemPrompt during a run applies from the next call, keeping onBeforeAgent additions", async () => {
    const model = twoTurns();
    const agent = new Agent({
      model: testModel,
      streamFn: model.streamFn,
      systemPrompt: "base one",
      tools: [echoTool()],
      hooks: [
        {
          onBeforeAgent: (_prompt, systemPrompt) => ({ systemPrompt: `${systemPrompt}\n+hook` }),
          onToolResult: (_name, result) => {
            agent.setSystemPrompt("base two");
            return result;
          },
        },
      ],
    });
    await agent.prompt("go");
    expect(model.requests.map((r) => r.systemPrompt)).toEqual([
      "base one\n+hook",
      "base two\n+hook",
    ]);
  });

  it("a hook that replaced the prompt outright keeps it after the base prompt changes", async () => {
    const model = twoTurns();
    const agent = new Agent({
      model: testModel,
      streamFn: model.streamFn,
      systemPrompt: "a",
      tools: [echoTool()],
      hooks: [
        {
          onBeforeAgent: () => ({ systemPrompt: "hook's own" }),
          onToolResult: (_name, result) => {
            agent.setSystemPrompt("b");
            return result;
          },
        },
      ],
    });
    await agent.prompt("go");
    expect(model.requests.map((r) => r.systemPrompt)).toEqual(["hook's own", "hook's own"]);
  });

  it("without onBeforeAgent hooks the prompt follows setSystemPrompt as is", async () => {
    const model = twoTurns();
    const agent = new Agent({
      model: testModel,
      streamFn: model.streamFn,
      systemPrompt: "a",
      tools: [echoTool()],
      hooks: [
        {
          onToolResult: (_name, result) => {
            agent.setSystemPrompt("b");
            return result;
          },
        },
      ],
    });
    await agent.prompt("go");
    expect(model.requests.map((r) => r.systemPrompt)).toEqual(["a", "b"]);
  });

  // Regression: the run's prompt spliced the new base into the hooks' text, and dropped
  // the new base silently once a hook had rewritten the words it searched for.
  it("a context file edited after a hook rewrote the prompt still reaches the next request", async () => {
    const model = twoTurns();
    let agentsMd = "Use tabs.";
    const filesPrompt = () => `You are Gong.\n<AGENTS.md>${agentsMd}</AGENTS.md>`;
    const agent = new Agent({
      model: testModel,
      streamFn: model.streamFn,
      systemPrompt: filesPrompt,
      tools: [echoTool()],
      hooks: [
        {
          onBeforeAgent: (_prompt, systemPrompt) => ({
            systemPrompt: systemPrompt.replace("You are Gong.", "You are Gong, terse."),
          }),
          onToolResult: (_name, result) => {
            agentsMd = "Use spaces.";
            return result;
          },
        },
      ],
    });
    await agent.prompt("go");
    expect(model.requests.map((r) => r.systemPrompt)).toEqual([
      "You are Gong, terse.\n<AGENTS.md>Use tabs.</AGENTS.md>",
      "You are Gong, terse.\n<AGENTS.md>Use spaces.</AGENTS.md>",
    ]);
  });
});
