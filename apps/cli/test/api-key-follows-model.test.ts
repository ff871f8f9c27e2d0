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

describe("a key goes only where it belongs — a custom baseUrl never gets a standard variable", () => {
  it("models.json names an unset key variable: a skill's switch to that provider fails naming it, ANTHROPIC_API_KEY is not sent", async () => {
    const box = sandbox("http://127.0.0.1:9", {
      ANTHROPIC_API_KEY: "sk-ant-secret",
      OPENAI_BASE_URL: mock.openaiBaseUrl,
      OPENAI_API_KEY: "K2-openai",
    });
    writeFileSync(
      path.join(box.gongHome, "models.json"),
      JSON.stringify({
        providers: { anthropic: { baseUrl: mock.anthropicBaseUrl, apiKey: "PROXY_KEY" } },
      }),
    );
    const skillDir = path.join(box.gongHome, "skills", "proxied");
    mkdirSync(skillDir, { recursive: true });
    writeFileSync(
      path.join(skillDir, "SKILL.md"),
      "---\nname: proxied\ndescription: Answer through the proxy\nmodel: anthropic/claude-sonnet-5-5\n---\nAnswer.\n",
    );
    mock.enqueue([
      toolCallResponse([{ id: "call_s", name: "skill", arguments: { name: "proxied" } }]),
      textResponse("never asked"),
    ]);
    const run = await runGong(["--model", "openai/gpt-5.4", "-p", "use the proxied skill"], box);
    expect(run.code).toBe(1);
    expect(mock.requests.map((r) => r.wire)).toEqual(["openai-responses"]);
    expect(run.stderr).toContain("PROXY_KEY");
    expect(run.stderr).not.toContain("sk-ant-secret");
  });

  it("a models.json baseUrl for anthropic without apiKey: ANTHROPIC_API_KEY is not sent there; the error says how to name it", async () => {
    const box = sandbox("http://127.0.0.1:9", { ANTHROPIC_API_KEY: "sk-ant-secret" });
    writeFileSync(
      path.join(box.gongHome, "models.json"),
      JSON.stringify({ providers: { anthropic: { baseUrl: mock.anthropicBaseUrl } } }),
    );
    mock.enqueue(textResponse("should not be reached"));
    const run = await runGong(["--model", "anthropic/claude-sonnet-5-5", "-p", "hi"], box);
    expect(mock.requests).toHaveLength(0);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("ANTHROPIC_API_KEY");
    expect(run.stderr).toContain("providers.anthropic.apiKey");
  });

  it("the provider entry can say so: apiKey ANTHROPIC_API_KEY sends it to its baseUrl", async () => {
    const box = sandbox("http://127.0.0.1:9", { ANTHROPIC_API_KEY: "sk-ant-secret" });
    writeFileSync(
      path.join(box.gongHome, "models.json"),
      JSON.stringify({
        providers: {
          anthropic: { baseUrl: mock.anthropicBaseUrl, apiKey: "ANTHROPIC_API_KEY" },
        },
      }),
    );
    mock.enqueue(textResponse("through the proxy"));
    const run = await runGong(["--model", "anthropic/claude-sonnet-5-5", "-p", "hi"], box);
    expect(run.stderr).toBe("");
    expect(run.stdout).toBe("through the proxy\n");
    expect(mock.requests[0]!.headers.authorization).toBe("Bearer sk-ant-secret");
  });
});
