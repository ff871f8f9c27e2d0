import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { startMockLlmServer, textResponse } from "@gong/testing";
import { describe, expect, it } from "vitest";

const example = fileURLToPath(new URL("../examples/readme.mjs", import.meta.url));

describe("README example — the program the README shows runs as it is", () => {
  it("runs two prompts in one session against the mock server and prints the last answer", async () => {
    const mock = await startMockLlmServer();
    mock.enqueue([textResponse("Fixed the test."), textResponse("All 12 tests pass.")]);
    const root = mkdtempSync(join(tmpdir(), "runtime-readme-"));
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
      expect(stdout.trim()).toBe("All 12 tests pass.");
      expect(mock.requests).toHaveLength(2);
      const sessions = join(root, ".gong", "sessions");
      expect(readdirSync(sessions)).toHaveLength(1); // the session file the example continued
    } finally {
      await mock.close();
    }
  });
});
