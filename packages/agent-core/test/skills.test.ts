import type { ToolResultMessage } from "@gong/llm";
import { describe, expect, it } from "vitest";
import { Agent, buildSystemPrompt, type Skill } from "../src/index.js";
import { SkillActivationStack } from "../src/skills/activation-stack.js";
import { formatSkillsForPrompt } from "../src/skills/skill.js";
import { assistant, mockModel, testModel, text, toolCall } from "./helpers/mock-stream.js";
import { echoTool, readFileTool } from "./helpers/tools.js";

const skill = (name: string, extra: Partial<Skill> = {}): Skill => ({
  name,
  description: `${name} skill`,
  instructions: `Instructions of ${name}. Then activate the next skill if told.`,
  ...extra,
});

describe("seed 004 skills — activation stack", () => {
  it("detects a direct cycle A → B → A with the full path", () => {
    const stack = new SkillActivationStack();
    expect(stack.push("A")).toEqual({ ok: true });
    expect(stack.push("B")).toEqual({ ok: true });
    const cycle = stack.push("A");
    expect(cycle.ok).toBe(false);
    expect(!cycle.ok && cycle.error).toContain("Circular skill activation detected: A → B → A");
    expect(stack.names()).toEqual(["A", "B"]);
  });

  it("detects an indirect cycle A → B → C → A… and stops at depth 3", () => {
    const stack = new SkillActivationStack(3);
    stack.push("A");
    stack.push("B");
    stack.push("C");
    const cycle = stack.push("A");
    expect(!cycle.ok && cycle.error).toContain("A → B → C → A");
    const deep = stack.push("D");
    expect(!deep.ok && deep.error).toContain(
      "Maximum skill activation depth (3) exceeded. Current stack: A → B → C",
    );
    expect(stack.pop("B")).toBe(false); // only the top pops
    expect(stack.pop("C")).toBe(true);
    expect(stack.push("D")).toEqual({ ok: true });
  });
});

describe("seed 004 skills — in the agent", () => {
  it("level 1 in the system prompt; the skill tool loads level 2 and lists level 3", async () => {
    const skills = [
      skill("pdf", { resources: ["/skills/pdf/template.md"], baseDir: "/skills/pdf" }),
    ];
    const prompt = buildSystemPrompt({
      tools: [],
      cwd: "/p",
      skills,
      date: new Date("2026-01-02"),
    });
    expect(prompt).toContain("<name>pdf</name>");
    expect(prompt).toContain("<description>pdf skill</description>");
    expect(prompt).not.toContain("Instructions of pdf");

    const model = mockModel([
      assistant([toolCall("s1", "skill", { name: "pdf" })]),
      assistant([text("ok")]),
    ]);
    const agent = new Agent({
      model: testModel,
      streamFn: model.streamFn,
      skills,
      systemPrompt: prompt,
    });
    await agent.prompt("make a pdf");
    expect(model.requests[0]?.tools?.map((t) => t.name)).toContain("skill");
    const result = agent.state.messages.find((m) => m.role === "toolResult") as ToolResultMessage;
    const body = (result.content[0] as { text: string }).text;
    expect(body).toContain("Instructions of pdf");
    expect(body).toContain("/skills/pdf/template.md");
    expect(body).toContain("Base directory: /skills/pdf");
  });

  it("the context modifier narrows the tools and switches the model while active", async () => {
    const cheap = { ...testModel, id: "cheap-model" };
    const skills = [skill("lookup", { allowedTools: ["read"], model: "cheap-model" })];
    const seenModels: string[] = [];
    const model = mockModel([
      assistant([toolCall("s1", "skill", { name: "lookup" })]),
      assistant([text("done")]),
    ]);
    const streamFn: typeof model.streamFn = (m, c, o) => {
      seenModels.push(m.id);
      return model.streamFn(m, c, o);
    };
    const agent = new Agent({
      model: testModel,
      streamFn,
      skills,
      tools: [readFileTool(), echoTool()],
      resolveModel: (id) => (id === "cheap-model" ? cheap : undefined),
    });
    await agent.prompt("look it up");
    expect(model.requests[0]?.tools?.map((t) => t.name)).toEqual(["read", "echo", "skill"]);
    expect(model.requests[1]?.tools?.map((t) => t.name)).toEqual(["read", "skill"]);
    expect(seenModels).toEqual(["mock-model", "cheap-model"]);
  });

  it("a skill that switches to another provider's model gets that provider's API key", async () => {
    const other = { ...testModel, id: "other-model", provider: "other" };
    const skills = [skill("translate", { model: "other-model" })];
    const model = mockModel([
      assistant([toolCall("s1", "skill", { name: "translate" })]),
      assistant([text("done")]),
    ]);
    const agent = new Agent({
      model: testModel,
      streamFn: model.streamFn,
      skills,
      resolveModel: (id) => (id === "other-model" ? other : undefined),
      getApiKey: (provider) => `key-for-${provider}`,
    });
    await agent.prompt("translate this");
    expect(model.options.map((o) => o?.apiKey)).toEqual(["key-for-mock", "key-for-other"]);
  });

  it("item 5: a fixed streamOptions key never goes to a provider getApiKey has no key for", async () => {
    const other = { ...testModel, id: "other-model", provider: "other" };
    const skills = [skill("translate", { model: "other-model" })];
    const model = mockModel([
      assistant([toolCall("s1", "skill", { name: "translate" })]),
      assistant([text("done")]),
    ]);
    const agent = new Agent({
      model: testModel,
      streamFn: model.streamFn,
      skills,
      resolveModel: (id) => (id === "other-model" ? other : undefined),
      streamOptions: { apiKey: "K1-mock" },
      getApiKey: (provider) => (provider === "mock" ? "K1-mock" : undefined),
    });
    await agent.prompt("translate this");
    expect(model.options.map((o) => o?.apiKey)).toEqual(["K1-mock", undefined]);
  });

  it("a nested activation cycle A → B → A is refused with the path; the run goes on", async () => {
    const skills = [skill("A"), skill("B")];
    const model = mockModel([
      assistant([toolCall("1", "skill", { name: "A" })]),
      assistant([toolCall("2", "skill", { name: "B" })]),
      assistant([toolCall("3", "skill", { name: "A" })]),
      assistant([text("stopping")]),
    ]);
    const agent = new Agent({ model: testModel, streamFn: model.streamFn, skills });
    await agent.prompt("go");
    const results = agent.state.messages.filter(
      (m) => m.role === "toolResult",
    ) as ToolResultMessage[];
    expect(results.map((r) => r.isError)).toEqual([false, false, true]);
    expect(JSON.stringify(results[2]?.content)).toContain("A → B → A");
    expect(agent.state.messages.at(-1)?.content).toEqual([text("stopping")]);
  });

  it("formatSkillsForPrompt is empty without skills", () => {
    expect(formatSkillsForPrompt([])).toBe("");
  });
});
