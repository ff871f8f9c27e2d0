import type { ToolResultMessage } from "@gong/llm";
import { describe, expect, it } from "vitest";
import {
  Agent,
  buildSystemPrompt,
  formatSkillsForPrompt,
  parseSkillMarkdown,
  type Skill,
  SkillActivationStack,
} from "../src/index.js";
import { assistant, mockModel, testModel, text, toolCall } from "./helpers/mock-stream.js";
import { echoTool, readFileTool } from "./helpers/tools.js";

const skill = (name: string, extra: Partial<Skill> = {}): Skill => ({
  name,
  description: `${name} skill`,
  instructions: `Instructions of ${name}. Then activate the next skill if told.`,
  ...extra,
});

describe("seed 004 skills — SKILL.md parsing", () => {
  it("reads name, description, allowed-tools and model from the frontmatter", () => {
    const parsed = parseSkillMarkdown(
      "---\nname: pdf-report\ndescription: Build PDF reports from data\nallowed-tools: read, bash\nmodel: claude-haiku\n---\n# Steps\n1. Read data\n",
      { baseDir: "/skills/pdf-report", resources: ["/skills/pdf-report/template.md"] },
    );
    expect(parsed).toEqual({
      ok: true,
      skill: {
        name: "pdf-report",
        description: "Build PDF reports from data",
        instructions: "# Steps\n1. Read data",
        allowedTools: ["read", "bash"],
        model: "claude-haiku",
        resources: ["/skills/pdf-report/template.md"],
        baseDir: "/skills/pdf-report",
      },
      warnings: [],
    });
  });

  it("accepts allowed-tools as a YAML list", () => {
    const parsed = parseSkillMarkdown(
      "---\nname: a\ndescription: d\nallowed-tools:\n  - read\n  - grep\n---\nbody",
    );
    expect(parsed.ok && parsed.skill.allowedTools).toEqual(["read", "grep"]);
  });

  it("a SKILL.md without description is an error that says what to add", () => {
    const parsed = parseSkillMarkdown("---\nname: a\n---\nbody", { baseDir: "/s/a" });
    expect(parsed).toEqual({
      ok: false,
      error: expect.stringContaining("needs both name and description"),
    });
  });
});

describe("skills — front matter parsed as YAML", () => {
  const parse = (frontMatter: string, folder = "a") =>
    parseSkillMarkdown(`---\n${frontMatter}\n---\nbody`, {
      baseDir: `/s/${folder}`,
      fallbackName: folder,
    });

  it('a folded > description is the folded text, not ">"', () => {
    const parsed = parse("name: a\ndescription: >\n  Builds reports\n  from data.\n");
    expect(parsed.ok && parsed.skill.description).toBe("Builds reports from data.");
  });

  it("a literal | description keeps its lines; quotes are YAML quotes", () => {
    const parsed = parse("name: 'a'\ndescription: |\n  Line one\n  Line two: with colon\n");
    expect(parsed.ok && parsed.skill.name).toBe("a");
    expect(parsed.ok && parsed.skill.description).toBe("Line one\nLine two: with colon");
  });

  it("a description with a colon inside double quotes is read whole", () => {
    const parsed = parse('name: a\ndescription: "Use when: the user asks"');
    expect(parsed.ok && parsed.skill.description).toBe("Use when: the user asks");
  });

  it("front matter that is not valid YAML is an error that says where", () => {
    const parsed = parse("name: a\ndescription: [unclosed");
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.error).toMatch(/front matter is not valid YAML.*line/s);
  });

  it("an alias bomb in the front matter is an error, not a crash", () => {
    const bomb = ["a: &a [x, x, x, x, x, x, x, x, x]"];
    for (let i = 0; i < 8; i++) {
      const prev = String.fromCharCode(97 + i);
      const next = String.fromCharCode(98 + i);
      bomb.push(`${next}: &${next} [${Array(9).fill(`*${prev}`).join(", ")}]`);
    }
    const parsed = parse(`name: a\ndescription: d\n${bomb.join("\n")}`);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.error).toMatch(/front matter is not valid YAML/);
  });

  it("a name that differs from its folder loads with a warning", () => {
    const parsed = parse("name: other\ndescription: d", "folder-name");
    expect(parsed.ok && parsed.skill.name).toBe("other");
    expect(parsed.ok && parsed.warnings).toEqual([
      expect.stringContaining('name "other" differs from its folder "folder-name"'),
    ]);
  });

  it("a description over 1024 characters is cut, with a warning", () => {
    const parsed = parse(`name: a\ndescription: ${"x".repeat(1_000_000)}`);
    expect(parsed.ok && parsed.skill.description.length).toBe(1024);
    expect(parsed.ok && parsed.warnings).toEqual([
      expect.stringContaining("description is 1000000 characters"),
    ]);
  });

  it("Claude-style allowed-tools map to Gong's tools through the hooks' name table", () => {
    const parsed = parse(
      "name: a\ndescription: d\nallowed-tools: Bash(python:*), Glob, Read, MultiEdit, grep",
    );
    expect(parsed.ok && parsed.skill.allowedTools).toEqual([
      "bash",
      "find",
      "read",
      "edit",
      "grep",
    ]);
  });

  it("front matter fields of the wrong type or unknown are dropped, one warning each with line:column", () => {
    const parsed = parseSkillMarkdown(
      "---\nname: a\ndescription: d\nmodel: [1, 2]\nallowed-tools: {bash: yes}\ndescripton: typo\n---\nbody",
      { baseDir: "/skills/a", fallbackName: "a" },
    );
    expect(parsed.ok && parsed.skill).toMatchObject({ name: "a", description: "d" });
    expect(parsed.ok && parsed.skill.model).toBeUndefined();
    expect(parsed.ok && parsed.skill.allowedTools).toBeUndefined();
    expect(parsed.ok && parsed.warnings).toEqual([
      '/skills/a/SKILL.md:4:8: "model" must be a string (found an array); the key was ignored',
      '/skills/a/SKILL.md:5:16: "allowed-tools" must be a string or an array of strings (found an object); the key was ignored',
      expect.stringMatching(
        /^\/skills\/a\/SKILL\.md:6:1: unknown key "descripton" \(known: name, description, /,
      ),
    ]);
  });

  it("Claude-style allowed-tools as a YAML list", () => {
    const parsed = parse('name: a\ndescription: d\nallowed-tools: ["Bash(git log:*)", "LS"]');
    expect(parsed.ok && parsed.skill.allowedTools).toEqual(["bash", "ls"]);
  });
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
