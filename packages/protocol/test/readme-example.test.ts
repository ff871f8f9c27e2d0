import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { startMockLlmServer, textResponse } from "@gong/testing";
import { describe, expect, it } from "vitest";

const example = fileURLToPath(new URL("../examples/readme.mjs", import.meta.url));

describe("README example — the program the README shows runs as it is", () => {
  it("answers a prompt command, streams the run's lines and closes with run_end", async () => {
    const mock = await startMockLlmServer();
    mock.enqueue([textResponse("Fixed the test.")]);
    const root = mkdtempSync(join(tmpdir(), "protocol-readme-"));
    const project = join(root, "project");
    mkdirSync(project);
    try {
      const { stdout } = await promisify(execFile)(process.execPath, [example], {
        cwd: project,
        env: {
          PATH: process.env.PATH,
          HOME: root,
          GONG_HOME: join(root, ".gong"),
          ANTHROPIC_BASE_URL: mock.anthropicBaseUrl,
          ANTHROPIC_API_KEY: "test-key",
        },
      });
      const lines = stdout
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line));
      expect(lines[0]).toMatchObject({ type: "session", cwd: project });
      expect(lines).toContainEqual({
        type: "response",
        id: 1,
        command: "prompt",
        success: true,
        data: { delivered: "prompt" },
      });
      expect(lines.at(-1)).toMatchObject({ type: "run_end", ok: true, reason: "completed" });
      expect(stdout).toContain("Fixed the test.");
    } finally {
      await mock.close();
    }
  });
});
