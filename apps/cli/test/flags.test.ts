import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { textResponse, toolCallResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { runGong, sandbox, writeJson } from "./harness.js";

const mock = useMockLlmServer();

function requestBody(index: number): Record<string, unknown> {
  return mock.requests[index]!.body as Record<string, unknown>;
}

describe("gong flags — model and endpoint", () => {
  it("--base-url wins over ANTHROPIC_BASE_URL", async () => {
    const box = sandbox("http://127.0.0.1:9");
    mock.enqueue(textResponse("via flag"));
    // A base URL other than the provider's own gets no key from the environment.
    const run = await runGong(
      [
        "--provider",
        "anthropic",
        "--api-key",
        "k",
        "--base-url",
        mock.anthropicBaseUrl,
        "-p",
        "hi",
      ],
      box,
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("via flag\n");
  });

  it("a local OpenAI-compatible server from models.json works without a key (Ollama-style)", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    delete box.env.ANTHROPIC_API_KEY;
    writeJson(path.join(box.gongHome, "models.json"), {
      providers: {
        ollama: {
          baseUrl: mock.openaiBaseUrl,
          api: "openai-completions",
          models: [{ id: "qwen3:8b", contextWindow: 40960 }],
        },
      },
    });
    mock.enqueue(textResponse("hello from a local model"));
    const run = await runGong(["--model", "ollama/qwen3:8b", "-p", "hi"], box);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("hello from a local model\n");
    expect(mock.requests[0]!.path).toBe("/v1/chat/completions");
    expect(requestBody(0).model).toBe("qwen3:8b");
  });

  it("--model provider/id and an unknown id on a known provider", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue(textResponse("ok"));
    const run = await runGong(["--model", "anthropic/claude-from-the-future", "-p", "hi"], box);
    expect(run.code).toBe(0);
    expect(requestBody(0).model).toBe("claude-from-the-future");
  });

  it("--thinking turns on reasoning for a model that has it, and is remembered by -c", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue([textResponse("thought"), textResponse("again")]);
    const run = await runGong(
      ["--model", "anthropic/claude-sonnet-4-5", "--thinking", "high", "-p", "hi"],
      box,
    );
    expect(run.code).toBe(0);
    expect(requestBody(0).thinking).toMatchObject({ type: "enabled" });
    expect((await runGong(["-c", "-p", "more"], box)).code).toBe(0);
    expect(requestBody(1).thinking).toMatchObject({ type: "enabled" });
    expect(requestBody(1).model).toBe("claude-sonnet-4-5");
  });

  it("--system-prompt replaces and --append-system-prompt (a file) appends", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeFileSync(path.join(box.cwd, "extra.md"), "Appended-from-file-5d2");
    mock.enqueue(textResponse("ok"));
    const run = await runGong(
      [
        "--system-prompt",
        "You are Terse-Bot-31.",
        "--append-system-prompt",
        "extra.md",
        "-p",
        "hi",
      ],
      box,
    );
    expect(run.code).toBe(0);
    const system = JSON.stringify(requestBody(0).system);
    expect(system).toContain("You are Terse-Bot-31.");
    expect(system).toContain("Appended-from-file-5d2");
    expect(system).not.toContain("You are an expert coding assistant");
  });
});

describe("gong flags — path policy", () => {
  it("a file outside the project is denied, and readable with --allow-path", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const outside = path.join(box.home, "shared");
    mkdirSync(outside, { recursive: true });
    writeFileSync(path.join(outside, "secret.txt"), "outside-content-88\n");
    const readOutside = () =>
      mock.enqueue([
        toolCallResponse([
          { id: "toolu_r", name: "read", arguments: { path: path.join(outside, "secret.txt") } },
        ]),
        textResponse("done"),
      ]);

    readOutside();
    expect((await runGong(["-p", "read it"], box)).code).toBe(0);
    const denied = JSON.stringify(requestBody(1).messages);
    expect(denied).toContain("Access denied");
    expect(denied).toContain("--allow-path");
    expect(denied).not.toContain("outside-content-88");

    mock.reset();
    readOutside();
    expect((await runGong(["--allow-path", outside, "-p", "read it"], box)).code).toBe(0);
    expect(JSON.stringify(requestBody(1).messages)).toContain("outside-content-88");
  });
});
