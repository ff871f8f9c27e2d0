import { describe, expect, it } from "vitest";
import { parseAgentFile } from "../src/index.js";

describe("agent files — Claude Code's front matter, the body as the system prompt", () => {
  it("a file without a description or body is refused with the reason", () => {
    const noDescription = parseAgentFile("---\nname: x\n---\nBody\n", "/a/x.md");
    expect(noDescription).toMatchObject({
      ok: false,
      error: expect.stringContaining("description"),
    });
    const noBody = parseAgentFile("---\nname: x\ndescription: d\n---\n", "/a/x.md");
    expect(noBody).toMatchObject({ ok: false, error: expect.stringContaining("body") });
  });

  it("model: inherit is the parent's model; Claude Code's tool names map to gong's", () => {
    const parsed = parseAgentFile(
      "---\nname: rev\ndescription: Reviews\ntools: Read, Glob\nmodel: inherit\n---\nBody.\n",
      "/a/rev.md",
    );
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.type).toEqual({
      name: "rev",
      description: "Reviews",
      systemPrompt: "Body.",
      tools: ["read", "find"],
      readOnly: false,
      file: "/a/rev.md",
    });
  });
});
