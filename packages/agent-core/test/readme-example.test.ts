import { execFile } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import {
  type MockLlmServer,
  startMockLlmServer,
  textResponse,
  toolCallResponse,
} from "@gong/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
let server: MockLlmServer;
beforeAll(async () => {
  server = await startMockLlmServer();
});
afterAll(async () => {
  await server.close();
});

describe("README", () => {
  it("the example program runs the read tool against the mock server and prints events", async () => {
    server.enqueue([
      toolCallResponse([{ id: "toolu_readme", name: "read", arguments: { path: "package.json" } }]),
      textResponse("The package is @gong/agent-core."),
    ]);
    // examples/readme.mjs is the README's block (scripts/readme-examples.mjs); it runs in the
    // package folder (built dist, self-reference by name) as plain ESM.
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [path.join(packageDir, "examples", "readme.mjs")],
      {
        cwd: packageDir,
        env: {
          ...process.env,
          ANTHROPIC_BASE_URL: server.anthropicBaseUrl,
          ANTHROPIC_API_KEY: "test-key",
        },
      },
    );
    expect(stdout).toContain('[read] {"path":"package.json"}');
    expect(stdout).toContain("[read → success]");
    expect(stdout).toContain("The package is @gong/agent-core.");
    expect(stdout).toContain("(done)");
    expect(JSON.stringify(server.requests[1]?.body)).toContain(
      '\\"name\\": \\"@gong/agent-core\\"',
    );
  });
});
