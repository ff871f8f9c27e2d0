import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type RecordedRequest, textResponse, toolCallResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { runGong, type Sandbox, sandbox } from "./harness.js";

const mock = useMockLlmServer();

// Issue 38 items 1, 3, 4, 7: agent and command files in the shapes Claude Code users have
// (written here for the test), loaded by the built binary against the mock model.

function writeFile(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

const agentFile = (box: Sandbox, name: string, text: string) =>
  writeFile(path.join(box.cwd, ".claude", "agents", `${name}.md`), text);
const commandFile = (box: Sandbox, name: string, text: string) =>
  writeFile(path.join(box.cwd, ".claude", "commands", `${name}.md`), text);

interface Body {
  model?: string;
  messages?: { role: string; content: string | { type: string; text?: string }[] }[];
  input?: unknown;
  tools?: { name?: string; description?: string }[];
}
const bodyOf = (request: RecordedRequest | undefined) => (request?.body ?? {}) as Body;
const modelOf = (request: RecordedRequest | undefined) => bodyOf(request).model;
const toolNames = (request: RecordedRequest | undefined) =>
  (bodyOf(request).tools ?? []).map((tool) => tool.name ?? "").sort();

function lastUserText(request: RecordedRequest | undefined): string {
  const last = (bodyOf(request).messages ?? []).filter((m) => m.role === "user").at(-1);
  if (!last) return "";
  const content = last.content;
  return typeof content === "string" ? content : content.map((part) => part.text ?? "").join("");
}

/** The parent calls task with `type`; the subagent answers; the parent ends. */
function oneTask(type: string) {
  mock.enqueue([
    toolCallResponse([
      {
        name: "task",
        arguments: { description: "d", prompt: "SUBTASK do it", subagent_type: type },
      },
    ]),
    textResponse("sub done"),
    textResponse("all done"),
  ]);
}

const warnings = (stderr: string) => stderr.split("\n").filter((line) => line !== "");

describe("issue 38.1 — model aliases resolve to the newest model of the family", () => {
  it("an agent's model: sonnet runs on the newest sonnet, --model haiku on the newest haiku", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    agentFile(
      box,
      "architect",
      "---\nname: architect\ndescription: Designs\nmodel: sonnet\n---\nYou design.\n",
    );
    oneTask("architect");
    const run = await runGong(["--model", "haiku", "-p", "go"], box);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(mock.requests.map(modelOf)).toEqual([
      "claude-haiku-4-5",
      "claude-sonnet-5-5",
      "claude-haiku-4-5",
    ]);
  });

  it("a prompt command's model: opus runs on the newest opus", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    commandFile(
      box,
      "deep",
      "---\ndescription: Think hard\nmodel: opus\n---\nThink about $ARGUMENTS\n",
    );
    mock.enqueue(textResponse("thought"));
    const run = await runGong(["-p", "/deep caching"], box);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(modelOf(mock.requests[0])).toBe("claude-opus-5-5");
  });

  it("on a provider with no such family (OpenAI) an agent's alias keeps the parent's model, with one note for two tasks", async () => {
    const box = sandbox(mock.anthropicBaseUrl, {
      OPENAI_API_KEY: "sk-test",
      OPENAI_BASE_URL: mock.openaiBaseUrl,
    });
    agentFile(
      box,
      "architect",
      "---\nname: architect\ndescription: Designs\nmodel: opus\n---\nYou design.\n",
    );
    mock.enqueue([
      toolCallResponse([
        {
          name: "task",
          arguments: { description: "a", prompt: "SUBTASK a", subagent_type: "architect" },
        },
      ]),
      textResponse("a done"),
      toolCallResponse([
        {
          name: "task",
          arguments: { description: "b", prompt: "SUBTASK b", subagent_type: "architect" },
        },
      ]),
      textResponse("b done"),
      textResponse("all done"),
    ]);
    const run = await runGong(["--model", "openai/gpt-5.4", "-p", "go"], box);
    expect(run.code, run.stderr).toBe(0);
    expect(mock.requests.map(modelOf)).toEqual(Array(5).fill("gpt-5.4"));
    expect(warnings(run.stderr)).toEqual([
      'gong: warning: model "opus": provider openai has no opus model; using openai/gpt-5.4 instead',
    ]);
  });

  it("gong --list-models shows what each alias resolves to", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const run = await runGong(["--list-models"], box);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      "anthropic: sonnet = claude-sonnet-5-5, opus = claude-opus-5-5, haiku = claude-haiku-4-5",
    );
    expect(run.stdout).not.toMatch(/^\s+openai: .*sonnet/m);
  });
});

describe("issue 38.3 — front matter read as Claude Code reads it", () => {
  it("an agent whose description has ': ' and <example> blocks (not valid YAML) loads with all its text, extra keys and model: sonnet", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    agentFile(
      box,
      "checker",
      [
        "---",
        "name: checker",
        "description: Use this agent when code was just written. Examples: <example>Context: the user added a route. user: 'check it' assistant: 'I will use the checker agent'</example>",
        "model: sonnet",
        "color: green",
        "---",
        "You check code.",
        "",
      ].join("\n"),
    );
    oneTask("checker");
    const run = await runGong(["-p", "go"], box);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const task = bodyOf(mock.requests[0]).tools?.find((tool) => tool.name === "task");
    expect(task?.description).toContain(
      "Examples: <example>Context: the user added a route. user: 'check it'",
    );
    expect(modelOf(mock.requests[1])).toBe("claude-sonnet-5-5");
  });

  it("a command with argument-hint: [auth-method] | --oauth and a description with ': ' loads and expands", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    commandFile(
      box,
      "login",
      "---\ndescription: Log in: pick a method\nargument-hint: [auth-method] | --oauth\n---\nLog in with $1.\n",
    );
    mock.enqueue(textResponse("logged in"));
    const run = await runGong(["-p", "/login token"], box);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(lastUserText(mock.requests[0])).toBe("Log in with token.");
  });

  it("a file neither reading gives a name and description is refused, saying what to write", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    agentFile(box, "broken", "---\n  description: [indented: and unclosed\n---\nBody.\n");
    agentFile(box, "nameless", "---\ndescription: Reviews: code\n---\nBody.\n");
    mock.enqueue(textResponse("hi"));
    const run = await runGong(["-p", "go"], box);
    expect(run.code).toBe(0);
    const lines = warnings(run.stderr);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /broken\.md: its front matter is neither valid YAML \(.*\) nor key: value lines: write one field per line, e\.g\. description: …; the agent was skipped$/,
    );
    expect(lines[1]).toMatch(
      /nameless\.md: its front matter is not valid YAML \(.*\), and read line by line it lacks name or description: write a name: line and a description: line, each starting at the beginning of its line; the agent was skipped$/,
    );
  });
});

describe("issue 38.4 — Claude Code's tool names, one line for the ones Gong has not, disallowedTools", () => {
  it("allowed-tools: Bash(git add:*), Task, TodoWrite, Skill offers bash, task and todo_write; the names Gong has not are one line for all files", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    commandFile(
      box,
      "orchestrate",
      "---\ndescription: Run the team\nallowed-tools: Bash(git add:*), Task, TodoWrite, Skill, WebSearch\n---\nPlan the work.\n",
    );
    commandFile(
      box,
      "search",
      "---\nallowed-tools: [WebSearch, NotebookRead, Read]\n---\nSearch.\n",
    );
    agentFile(
      box,
      "researcher",
      "---\nname: researcher\ndescription: Researches\ntools: Read, Grep, Glob, LS, WebFetch, WebSearch, BashOutput\n---\nYou research.\n",
    );
    mock.enqueue(textResponse("planned"));
    const run = await runGong(["-p", "/orchestrate"], box);
    expect(run.code, run.stderr).toBe(0);
    expect(warnings(run.stderr)).toEqual([
      "gong: warning: tools Gong has not, left out where agents, commands and skills name them: NotebookRead, WebSearch",
    ]);
    expect(toolNames(mock.requests[0])).toEqual(["bash", "task", "todo_write"]);
  });

  it("an agent's tools in Claude Code's names map to Gong's, and disallowedTools removes tools", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    agentFile(
      box,
      "validator",
      "---\nname: validator\ndescription: Checks without changing anything\ndisallowedTools: Write, Edit, MultiEdit, Bash\n---\nYou validate.\n",
    );
    agentFile(
      box,
      "finder",
      "---\nname: finder\ndescription: Finds\ntools: Read, Glob, LS, WebFetch\n---\nYou find.\n",
    );
    mock.enqueue([
      toolCallResponse([
        {
          name: "task",
          arguments: { description: "v", prompt: "SUBTASK v", subagent_type: "validator" },
        },
      ]),
      textResponse("valid"),
      toolCallResponse([
        {
          name: "task",
          arguments: { description: "f", prompt: "SUBTASK f", subagent_type: "finder" },
        },
      ]),
      textResponse("found"),
      textResponse("all done"),
    ]);
    const run = await runGong(["-p", "go"], box);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(toolNames(mock.requests[1])).toEqual(["find", "grep", "ls", "read", "web_fetch"]);
    expect(toolNames(mock.requests[3])).toEqual(["find", "ls", "read", "web_fetch"]);
  });
});

describe("issue 38.7 — arguments to a command without a placeholder follow an ARGUMENTS: label", () => {
  it("/fix the login bug sends the body, a blank line and ARGUMENTS: the login bug", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    commandFile(box, "fix", "---\ndescription: Fix a bug\n---\nFind the cause and fix it.\n");
    mock.enqueue(textResponse("fixed"));
    const run = await runGong(["-p", "/fix the login bug"], box);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(lastUserText(mock.requests[0])).toBe(
      "Find the cause and fix it.\n\nARGUMENTS: the login bug",
    );
  });
});
