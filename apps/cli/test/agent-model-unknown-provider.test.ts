import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { textResponse, toolCallResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { runGong, sandbox } from "./harness.js";

const mock = useMockLlmServer();

describe("task — an agent file's model with a mistyped provider is an unknown model", () => {
  it("model: nosuch/x is refused, not sent to the parent's provider as the id nosuch/x", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const agents = path.join(box.cwd, ".gong", "agents");
    mkdirSync(agents, { recursive: true });
    writeFileSync(
      path.join(agents, "rev.md"),
      "---\nname: rev\ndescription: reviews\nmodel: nosuch/x\n---\nYou review.\n",
    );
    mock.enqueue([
      toolCallResponse([
        { name: "task", arguments: { description: "r", prompt: "review", subagent_type: "rev" } },
      ]),
      textResponse("done"),
    ]);
    const run = await runGong(["-p", "go"], box);
    expect(run.code, run.stderr).toBe(0);
    expect(mock.requests.map((request) => (request.body as { model: string }).model)).not.toContain(
      "nosuch/x",
    );
    expect(JSON.stringify(mock.requests[1]?.body)).toContain(
      'Unknown model \\"nosuch/x\\" in agent rev',
    );
  });
});

describe("task — an agent file's tools naming no tool (a typo) is said, not silently dropped", () => {
  it("tools: Read, Bahs names Bahs in the session's one line for tools Gong has not (issue 38.4)", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const agents = path.join(box.cwd, ".gong", "agents");
    mkdirSync(agents, { recursive: true });
    writeFileSync(
      path.join(agents, "rev.md"),
      "---\nname: rev\ndescription: reviews\ntools: Read, Bahs\n---\nYou review.\n",
    );
    mock.enqueue(textResponse("hi"));
    const run = await runGong(["-p", "go"], box);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toBe(
      "gong: warning: tools Gong has not, left out where agents, commands and skills name them: Bahs\n",
    );
  });
});
