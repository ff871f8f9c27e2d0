// The README example, run against the mock: Anthropic (via ANTHROPIC_BASE_URL) and an
// OpenAI-compatible local server declared in models.json.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startMockLlmServer, toolCallResponse } from "@gong/testing";
import { Type } from "@sinclair/typebox";
import { describe, expect, it } from "vitest";
import { createModelRegistry, stream, type ToolCall } from "../src/index.js";

describe("README example: streaming a tool call", () => {
  it.each([
    ["anthropic", "claude-sonnet-4-6"],
    ["local", "qwen2.5-coder"],
  ])("%s", async (provider, modelId) => {
    const mock = await startMockLlmServer();
    const home = mkdtempSync(join(tmpdir(), "gong-readme-"));
    writeFileSync(
      join(home, "models.json"),
      JSON.stringify({
        providers: {
          local: {
            baseUrl: mock.openaiBaseUrl,
            api: "openai-completions",
            apiKey: "LOCAL_API_KEY",
            models: [{ id: "qwen2.5-coder", contextWindow: 32768 }],
          },
        },
      }),
    );
    mock.enqueue(toolCallResponse([{ name: "read", arguments: { path: "README.md" } }]));
    try {
      // --- as in the README ---
      const registry = createModelRegistry({
        gongHome: home,
        env: {
          ANTHROPIC_BASE_URL: mock.anthropicBaseUrl,
          ANTHROPIC_API_KEY: "k",
          LOCAL_API_KEY: "k",
        },
      });
      const model = registry.find(provider, modelId)!;
      const key = registry.getApiKey(model);
      const tools = [
        {
          name: "read",
          description: "Read a file",
          parameters: Type.Object({ path: Type.String() }),
        },
      ];
      const events = stream(
        model,
        { messages: [{ role: "user", content: "Read README.md", timestamp: Date.now() }], tools },
        { apiKey: key.ok ? key.apiKey : undefined },
      );
      const partialPaths: unknown[] = [];
      for await (const e of events)
        if (e.type === "toolcall_delta")
          partialPaths.push((e.partial.content[e.contentIndex] as ToolCall).arguments.path);
      const message = await events.result();
      // ---
      expect(message.stopReason).toBe("toolUse");
      expect(message.content[0]).toMatchObject({
        type: "toolCall",
        name: "read",
        arguments: { path: "README.md" },
      });
      expect(partialPaths).toContain("README.md");
      expect(mock.requests[0]!.wire).toBe(
        provider === "anthropic" ? "anthropic-messages" : "openai-completions",
      );
    } finally {
      await mock.close();
    }
  });
});
