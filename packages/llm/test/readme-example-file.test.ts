import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { startMockLlmServer, toolCallResponse } from "@gong/testing";
import { describe, expect, it } from "vitest";

const example = fileURLToPath(new URL("../examples/readme.mjs", import.meta.url));

describe("README example — the program the README shows runs as it is", () => {
  it("streams a read call from the mock Anthropic server; the path shows before the end", async () => {
    const mock = await startMockLlmServer();
    mock.enqueue(toolCallResponse([{ name: "read", arguments: { path: "README.md" } }]));
    const home = mkdtempSync(join(tmpdir(), "llm-readme-"));
    try {
      const { stdout } = await promisify(execFile)(process.execPath, [example], {
        cwd: home,
        env: {
          PATH: process.env.PATH,
          HOME: home,
          GONG_HOME: join(home, ".gong"),
          ANTHROPIC_BASE_URL: mock.anthropicBaseUrl,
          ANTHROPIC_API_KEY: "test-key",
        },
      });
      const lines = stdout.trim().split("\n");
      expect(lines.some((line) => line.includes('"path":"README.md"'))).toBe(true);
      expect(lines.at(-1)).toMatch(/^toolUse \{"type":"toolCall".*"name":"read"/);
      expect(JSON.stringify(mock.requests[0]?.headers)).toContain("test-key");
    } finally {
      await mock.close();
    }
  });
});
