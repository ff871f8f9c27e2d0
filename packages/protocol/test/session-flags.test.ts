import { THINKING_LEVELS } from "@gong/llm";
import type { McpScope } from "@gong/mcp";
import { PERMISSION_MODES } from "@gong/policy";
import { SESSION_MODES } from "@gong/runtime";
import { SANDBOX_MODES, OUTPUT_LEVELS as TOOL_OUTPUT_LEVELS, TOOL_PRESETS } from "@gong/tools";
import { describe, expect, it } from "vitest";
import {
  MCP_SCOPES,
  OUTPUT_LEVELS,
  PRESETS,
  SANDBOX,
  SESSION_VALUE_FLAGS,
  type SessionOpeningFlags,
  sessionChoiceFromFlags,
  sessionOptionsFromFlags,
  THINKING,
} from "../src/session-flags.js";

describe("session flags mean the same in gong and gong-rpc", () => {
  it("--no-session, then -c, then -r <id>, then --session (a new file there if missing)", () => {
    expect(sessionChoiceFromFlags({ noSession: true, continue: true })).toEqual({ kind: "none" });
    expect(sessionChoiceFromFlags({ continue: true, session: "x" })).toEqual({ kind: "continue" });
    expect(sessionChoiceFromFlags({ resume: "0199", session: "x" })).toEqual({
      kind: "open",
      ref: "0199",
    });
    expect(sessionChoiceFromFlags({ session: "./new.jsonl" })).toEqual({
      kind: "open",
      ref: "./new.jsonl",
      createIfMissing: true,
    });
    expect(sessionChoiceFromFlags({ resume: true })).toEqual({ kind: "new" });
    expect(sessionChoiceFromFlags({})).toEqual({ kind: "new" });
  });

  it("the shared flags open the same session options; --trust only when given", () => {
    const env = { HOME: "/home/u" };
    const options = sessionOptionsFromFlags(
      {
        provider: "openai",
        model: "gpt-x",
        thinking: "low",
        allowPaths: ["/data"],
        continue: true,
      },
      "/work/p",
      env,
    );
    expect(options).toMatchObject({
      cwd: "/work/p",
      env,
      provider: "openai",
      model: "gpt-x",
      thinking: "low",
      allowPaths: ["/data"],
      session: { kind: "continue" },
    });
    expect(options).not.toHaveProperty("trust");
    expect(sessionOptionsFromFlags({ trust: true }, "/p", env).trust).toBe(true);
  });
});

describe("flag values are the lists of the packages they belong to (copied only to keep --version light)", () => {
  it("--thinking, --preset and --output-level accept exactly those values", () => {
    expect(THINKING).toEqual(THINKING_LEVELS);
    expect(PRESETS).toEqual(Object.keys(TOOL_PRESETS));
    expect(OUTPUT_LEVELS).toEqual(TOOL_OUTPUT_LEVELS);
    expect(SANDBOX).toEqual(SANDBOX_MODES);
  });

  it("gong mcp add|remove --scope accepts exactly @gong/mcp's McpScope values", () => {
    // A Record over the type: a scope added to McpScope fails to compile here.
    const scopes: Record<McpScope, true> = { user: true, project: true };
    expect([...MCP_SCOPES].sort()).toEqual(Object.keys(scopes).sort());
  });

  it("--permission-mode accepts exactly the session modes", () => {
    expect(PERMISSION_MODES).toEqual(SESSION_MODES);
  });

  it("--permission-mode takes Claude Code's names for the modes", () => {
    const read = (value: string) => {
      const flags: SessionOpeningFlags = {};
      const error = SESSION_VALUE_FLAGS["permission-mode"]!(flags, value, "--permission-mode");
      return error ?? flags.permissionMode;
    };
    expect(read("default")).toBe("ask");
    expect(read("acceptEdits")).toBe("accept-edits");
    expect(read("bypassPermissions")).toBe("auto");
    expect(read("accept-edits")).toBe("accept-edits");
    expect(read("yolo")).toContain(
      "must be one of ask, accept-edits, auto, plan, default, acceptEdits, bypassPermissions",
    );
  });
});
