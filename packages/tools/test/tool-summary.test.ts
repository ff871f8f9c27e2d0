import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import {
  createCodingTools,
  keyArgumentSummary,
  TOOL_NAMES,
  TOOL_SUMMARIES,
  toolCallSummary,
} from "../src/index.js";

describe("tool summary — what a call is about, one place for every face", () => {
  it("every built-in tool's summary is the one the faces look up", () => {
    const tools = createCodingTools({
      cwd: process.cwd(),
      tools: [...TOOL_NAMES],
      askUser: async () => ({}),
    });
    expect(tools.map((tool) => tool.name).sort()).toEqual([...TOOL_NAMES].sort());
    for (const tool of tools) {
      expect(tool.summary, tool.name).toBeDefined();
      expect(tool.summary, tool.name).toBe(TOOL_SUMMARIES[tool.name]);
    }
  });

  it("each built-in tool shows its key argument", () => {
    expect(toolCallSummary("read", { path: "src/a.ts", offset: 10 })).toBe("src/a.ts");
    expect(toolCallSummary("edit", { path: "a.ts", oldText: "x", newText: "y" })).toBe("a.ts");
    expect(toolCallSummary("bash", { command: "npm test", timeout: 60 })).toBe("npm test");
    expect(toolCallSummary("grep", { pattern: "TODO", path: "src" })).toBe("TODO");
    expect(toolCallSummary("bash_output", { shell_id: "bash_1", filter: "ERR" })).toBe("bash_1");
    expect(toolCallSummary("kill_shell", { shell_id: "bash_2" })).toBe("bash_2");
    expect(toolCallSummary("find", { pattern: "**/*.ts" })).toBe("**/*.ts");
    expect(toolCallSummary("web_fetch", { url: "https://example.com", prompt: "x" })).toBe(
      "https://example.com",
    );
    const question = { question: "Which database?", header: "DB", options: [] };
    expect(toolCallSummary("ask_user", { questions: [question] })).toBe("Which database?");
    expect(toolCallSummary("todo_write", { todos: [{}, {}] })).toBe("2 items");
    expect(toolCallSummary("ls", {})).toBe("");
  });

  it("a tool without its own (MCP, task) shows a telling argument, else its first string one", () => {
    expect(toolCallSummary("task", { description: "Find the bug", prompt: "long…" })).toBe(
      "Find the bug",
    );
    expect(toolCallSummary("mcp__docs__search", { limit: 3, query: "typebox" })).toBe("typebox");
    expect(toolCallSummary("mcp__gh__issue", { repo: "a/b", number: 4 })).toBe("a/b");
    expect(keyArgumentSummary({ count: 1 })).toBeUndefined();
  });

  it("is one line of at most 100 characters; arguments that are not an object show nothing", () => {
    expect(toolCallSummary("bash", { command: "cd app &&\n  npm   test" })).toBe(
      "cd app && npm test",
    );
    const long = toolCallSummary("bash", { command: "x".repeat(300) });
    expect(long).toHaveLength(100);
    expect(long.endsWith("…")).toBe(true);
    expect(toolCallSummary("bash", null)).toBe("");
    expect(toolCallSummary("bash", "npm test")).toBe("");
    expect(toolCallSummary("read", { path: 42 })).toBe("");
  });

  it("@gong/tools/summary bundles for a browser with no Node module reached", async () => {
    const entry = fileURLToPath(new URL("../src/summary/tool-summary.ts", import.meta.url));
    const result = await build({
      entryPoints: [entry],
      external: ["node:*"],
      bundle: true,
      write: false,
      format: "esm",
      platform: "browser",
      logLevel: "silent",
    });
    const script = result.outputFiles[0]?.text ?? "";
    expect(script).not.toMatch(/\b(?:require\(|from ?|import\()["'][^"']+["']/);
  });
});
