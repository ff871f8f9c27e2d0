import { describe, expect, it } from "vitest";
import { MCP_FIRST_PROMPT_WAIT_MS, mcpFirstPromptWaitMs } from "../src/session/session-mcp.js";

describe("mcp — how long the first prompt waits for the session's servers", () => {
  it("5 s by default; MCP_TIMEOUT (Claude Code's start timeout, ms) when it is a positive number", () => {
    expect(MCP_FIRST_PROMPT_WAIT_MS).toBe(5_000);
    expect(mcpFirstPromptWaitMs({})).toBe(5_000);
    expect(mcpFirstPromptWaitMs({ MCP_TIMEOUT: "120000" })).toBe(120_000);
    for (const wrong of ["", "later", "0", "-1"]) {
      expect(mcpFirstPromptWaitMs({ MCP_TIMEOUT: wrong }), wrong).toBe(5_000);
    }
  });
});
