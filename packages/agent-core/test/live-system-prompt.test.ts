import { describe, expect, it } from "vitest";
import { Agent } from "../src/index.js";
import { liveRunSystemPrompt } from "../src/loop/run-system-prompt.js";
import { assistant, mockModel, testModel, text, toolCall } from "./helpers/mock-stream.js";
import { echoTool } from "./helpers/tools.js";

/** Two turns: a tool call, then the answer. */
const twoTurns = () =>
  mockModel([assistant([toolCall("1", "echo", { text: "hi" })]), assistant([text("done")])]);

describe("system prompt changes inside a running tool loop", () => {
  it("refreshSystemPrompt is asked before every LLM call and applies at once", async () => {
    const model = twoTurns();
    let calls = 0;
    const agent = new Agent({
      model: testModel,
      streamFn: model.streamFn,
      systemPrompt: "v0",
      tools: [echoTool()],
      refreshSystemPrompt: () => (++calls === 2 ? "v2" : undefined),
    });
    await agent.prompt("go");
    expect(calls).toBe(2);
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

  it("a hook that replaced the prompt outright keeps it; without a change nothing moves", () => {
    let base = "a";
    const replaced = liveRunSystemPrompt(() => base, "a", "hook's own");
    const plain = liveRunSystemPrompt(() => base, "a", "a");
    expect(plain()).toBe("a");
    base = "b";
    expect(replaced()).toBe("hook's own");
    expect(plain()).toBe("b");
  });
});
