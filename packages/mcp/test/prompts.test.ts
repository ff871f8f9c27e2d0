import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { McpServers } from "../src/index.ts";

const EVERYTHING = fileURLToPath(
  new URL("../node_modules/@modelcontextprotocol/server-everything/dist/index.js", import.meta.url),
);

// One server for the whole file: these calls only read.
let mcp: McpServers;
beforeAll(async () => {
  mcp = new McpServers({
    servers: { everything: { command: process.execPath, args: [EVERYTHING, "stdio"] } },
    env: process.env,
    cwd: process.cwd(),
    warn: (message) => {
      throw new Error(`unexpected warning: ${message}`);
    },
  });
  await mcp.ready(15_000);
});
afterAll(() => mcp.close());

describe("mcp — server prompts as slash commands (server-everything)", () => {
  it("lists each prompt as mcp__<server>__<prompt> with its declared arguments as the hint", async () => {
    const prompts = await mcp.prompts();
    expect(prompts).toContainEqual({
      name: "mcp__everything__args-prompt",
      server: "everything",
      prompt: "args-prompt",
      description: "A prompt with two arguments, one required and one optional",
      argumentHint: "<city> [state]",
    });
    expect(prompts.find((p) => p.prompt === "simple-prompt")?.argumentHint).toBeUndefined();
  });

  it("words fill the arguments in order; an embedded text resource becomes text", async () => {
    const got = await mcp.getPrompt("mcp__everything__resource-prompt", ["Text", "3"]);
    expect(got.ok).toBe(true);
    expect(got.ok && got.text).toMatch(
      /^This prompt includes the Text resource with id: 3\. .*\n\nResource 3: This is a plaintext resource/s,
    );
  });

  it("a required argument left out is an error naming it and the usage; the server is not asked", async () => {
    const got = await mcp.getPrompt("mcp__everything__args-prompt", []);
    expect(got).toEqual({
      ok: false,
      error:
        "/mcp__everything__args-prompt needs city: type /mcp__everything__args-prompt <city> [state]",
    });
  });
});
