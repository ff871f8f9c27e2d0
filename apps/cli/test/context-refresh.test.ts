import { writeFileSync } from "node:fs";
import path from "node:path";
import { textResponse, toolCallResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { runGong, sandbox } from "./harness.js";

const mock = useMockLlmServer();

function systemOf(index: number): string {
  const request = mock.requests[index];
  if (!request) throw new Error(`no request #${index} (got ${mock.requests.length})`);
  const system = (request.body as { system?: string | { text: string }[] }).system;
  return typeof system === "string" ? system : (system ?? []).map((s) => s.text).join("\n");
}

describe("#7 gong -p — context files changed during the run", () => {
  it("AGENTS.md rewritten by a tool call is in the next request; the process still exits promptly", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeFileSync(path.join(box.cwd, "AGENTS.md"), "Rule before: tabs-41d0.\n");
    mock.enqueue([
      toolCallResponse([
        { name: "write", arguments: { path: "AGENTS.md", content: "Rule after: spaces-8e2b.\n" } },
      ]),
      textResponse("rules updated"),
    ]);
    // A watcher or timer left running would keep the process alive past this timeout.
    const run = await runGong(["-p", "switch the rules"], box);
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe("rules updated");
    expect(mock.requests).toHaveLength(2);
    expect(systemOf(0)).toContain("tabs-41d0");
    expect(systemOf(1)).toContain("spaces-8e2b");
    expect(systemOf(1)).not.toContain("tabs-41d0");
  });
});
