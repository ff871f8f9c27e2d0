import { describe, expect, it } from "vitest";
import {
  createCodingTools,
  resolveToolNames,
  TOOL_PRESETS,
  validateToolNames,
} from "../src/index.js";

const names = (tools: { name: string }[]) => tools.map((tool) => tool.name);

describe("seed 002 §10 tool presets", () => {
  it("TOOLCFG-001 every tool by default; ask_user only where the host can answer", () => {
    const tools = createCodingTools({ cwd: process.cwd() });
    const withoutHost = [
      "read",
      "write",
      "edit",
      "bash",
      "bash_output",
      "kill_shell",
      "grep",
      "find",
      "ls",
    ];
    expect(names(tools)).toEqual([...withoutHost, "todo_write", "web_fetch"]);
    const hosted = createCodingTools({ cwd: process.cwd(), askUser: async () => ({}) });
    expect(names(hosted)).toEqual([...withoutHost, "todo_write", "web_fetch", "ask_user"]);
  });

  it("ask_user named explicitly is offered even without a host (it then says nobody can answer)", () => {
    expect(names(createCodingTools({ cwd: process.cwd(), tools: ["read", "ask_user"] }))).toEqual([
      "read",
      "ask_user",
    ]);
  });

  it("TOOLCFG-002 minimal preset is 4 tools", () => {
    expect(TOOL_PRESETS.minimal).toEqual(["read", "write", "edit", "bash"]);
    expect(names(createCodingTools({ cwd: process.cwd(), tools: "minimal" }))).toEqual([
      "read",
      "write",
      "edit",
      "bash",
    ]);
  });

  it("TOOLCFG-003 readonly preset is 4 tools without write/edit/bash", () => {
    const tools = createCodingTools({ cwd: process.cwd(), tools: "readonly" });
    expect(names(tools)).toEqual(["read", "grep", "find", "ls"]);
    expect(tools.every((tool) => tool.readOnly)).toBe(true);
  });

  it("TOOLCFG-004 switching at run time takes effect at once", () => {
    // The agent's `setTools` takes the new list; here, the list each selection builds.
    const cwd = process.cwd();
    expect(names(createCodingTools({ cwd, tools: "readonly" }))).toEqual([
      "read",
      "grep",
      "find",
      "ls",
    ]);
    expect(names(createCodingTools({ cwd, tools: ["bash", "read"] }))).toEqual(["bash", "read"]);
  });

  it("TOOLCFG-005 unknown names are refused", () => {
    const result = validateToolNames(["read", "nonexistent"]);
    expect(result).toEqual({ ok: false, error: expect.stringContaining("nonexistent") });
    expect(resolveToolNames("nonexistent").ok).toBe(false);
    expect(() => createCodingTools({ cwd: process.cwd(), tools: ["nope"] })).toThrow(/nope/);
  });

  it("TOOLCFG-006 an empty list is refused and the active set is unchanged", () => {
    expect(validateToolNames([]).ok).toBe(false);
    expect(() => createCodingTools({ cwd: process.cwd(), tools: [] })).toThrow();
  });

  it("resolveToolNames accepts the CLI's comma list", () => {
    expect(resolveToolNames("read, grep")).toEqual({ ok: true, names: ["read", "grep"] });
  });
});
