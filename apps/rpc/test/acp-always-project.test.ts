import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { methods } from "@agentclientprotocol/sdk";
import { textResponse, toolCallResponse } from "@gong/testing";
import { gongSandbox, useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { withAgent } from "./acp-client.js";
import { writeJson } from "./harness.js";

const mock = useMockLlmServer();

describe("gong-rpc --acp — 'always allow in this project' is not asked again", () => {
  it("the allow_always_project option saves the rule; the next session runs the call unasked", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    writeJson(path.join(box.gongHome, "settings.json"), { trustedFolders: [box.cwd] });
    mock.enqueue([
      toolCallResponse([{ name: "bash", arguments: { command: "touch a.txt" } }]),
      textResponse("made a"),
      toolCallResponse([{ name: "bash", arguments: { command: "touch b.txt" } }]),
      textResponse("made b"),
    ]);
    const { result } = await withAgent(
      box,
      async (agent, run) => {
        for (const text of ["make a", "make b"]) {
          const { sessionId } = await agent.request(methods.agent.session.new, {
            cwd: box.cwd,
            mcpServers: [],
          });
          await agent.request(methods.agent.session.prompt, {
            sessionId,
            prompt: [{ type: "text", text }],
          });
        }
        return run;
      },
      { answer: () => "allow_always_project" },
    );
    expect(result.permissions).toHaveLength(1);
    expect(result.permissions[0]?.options.map((o) => o.name)).toContain(
      "Always allow Bash(touch:*) in this project",
    );
    const local = JSON.parse(readFileSync(path.join(box.cwd, ".gong/settings.local.json"), "utf8"));
    expect(local).toEqual({ permissions: { allow: ["Bash(touch:*)"] } });
    expect(existsSync(path.join(box.cwd, "b.txt"))).toBe(true);
  });

  it("a confirmBash match is an ask rule: no 'always in this project' is offered; allow_always answers that exact command only", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    writeJson(path.join(box.gongHome, "settings.json"), {
      confirmBash: ["^touch"],
      trustedFolders: [box.cwd],
    });
    mock.enqueue([
      toolCallResponse([{ name: "bash", arguments: { command: "touch a.txt" } }]),
      toolCallResponse([{ name: "bash", arguments: { command: "touch a.txt" } }]),
      toolCallResponse([{ name: "bash", arguments: { command: "touch b.txt" } }]),
      textResponse("made both"),
    ]);
    const { result } = await withAgent(
      box,
      async (agent, run) => {
        const { sessionId } = await agent.request(methods.agent.session.new, {
          cwd: box.cwd,
          mcpServers: [],
        });
        await agent.request(methods.agent.session.prompt, {
          sessionId,
          prompt: [{ type: "text", text: "make a and b" }],
        });
        return run;
      },
      { answer: () => "allow_always" },
    );
    // Before: "Always allow Bash(touch a.txt) in this project", a rule that now could not
    // pass the confirmBash ask rule anyway (ask beats allow).
    expect(result.permissions).toHaveLength(2);
    for (const asked of result.permissions)
      expect(asked.options.map((o) => o.optionId)).not.toContain("allow_always_project");
    expect(existsSync(path.join(box.cwd, ".gong/settings.local.json"))).toBe(false);
    expect(existsSync(path.join(box.cwd, "b.txt"))).toBe(true);
  });
});
