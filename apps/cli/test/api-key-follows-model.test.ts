import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { textResponse, toolCallResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { runGong, sandbox } from "./harness.js";

const mock = useMockLlmServer();

describe("item 5 — the API key follows the model", () => {
  it("--api-key given for anthropic never goes to the openai model a skill switches to", async () => {
    const box = sandbox(mock.anthropicBaseUrl, {
      OPENAI_BASE_URL: mock.openaiBaseUrl,
      OPENAI_API_KEY: "K2-openai",
    });
    const skillDir = path.join(box.gongHome, "skills", "cheap");
    mkdirSync(skillDir, { recursive: true });
    writeFileSync(
      path.join(skillDir, "SKILL.md"),
      "---\nname: cheap\ndescription: Answer with a cheaper model\nmodel: openai/gpt-4o-mini\n---\nAnswer briefly.\n",
    );
    mock.enqueue([
      toolCallResponse([{ id: "toolu_s", name: "skill", arguments: { name: "cheap" } }]),
      textResponse("Answered by the skill's model."),
    ]);
    const run = await runGong(
      ["--provider", "anthropic", "--api-key", "K1-anthropic", "-p", "use the cheap skill"],
      box,
    );
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(mock.requests.map((r) => r.wire)).toEqual(["anthropic-messages", "openai-responses"]);
    expect(mock.requests[0]!.headers.authorization).toBe("Bearer K1-anthropic");
    const openai = mock.requests[1]!;
    expect(openai.headers.authorization).toBe("Bearer K2-openai");
    expect(JSON.stringify(openai.headers)).not.toContain("K1-anthropic");
  });
});
