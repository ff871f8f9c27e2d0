import { existsSync } from "node:fs";
import path from "node:path";
import { textResponse, toolCallResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { runGong, sandbox, writeJson } from "./harness.js";

const mock = useMockLlmServer();

describe("issue 34.15 — a --base-url on the command line is the user's own endpoint", () => {
  it("the provider's key from the environment goes to it, as to ANTHROPIC_BASE_URL", async () => {
    // ANTHROPIC_BASE_URL points elsewhere: only the flag names the mock.
    const box = sandbox("http://127.0.0.1:9");
    mock.enqueue(textResponse("via the user's endpoint"));
    const run = await runGong(
      ["--provider", "anthropic", "--base-url", mock.anthropicBaseUrl, "-p", "hi"],
      box,
    );
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("via the user's endpoint\n");
    expect(mock.requests[0]!.headers.authorization).toBe("Bearer sk-ant-test");
  });

  it("a base URL from a file still gets no key that is not named for it", async () => {
    const box = sandbox("http://127.0.0.1:9");
    writeJson(path.join(box.gongHome, "models.json"), {
      providers: { anthropic: { baseUrl: mock.anthropicBaseUrl, models: [{ id: "m-1" }] } },
    });
    const run = await runGong(["--model", "anthropic/m-1", "-p", "hi"], box);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`No API key for anthropic at ${mock.anthropicBaseUrl}`);
    expect(mock.requests).toHaveLength(0);
  });
});

describe("issue 34.15 — gong --rewind needs no API key (it calls no model)", () => {
  it("lists and rewinds a session with no key in the environment", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue([
      toolCallResponse([{ name: "write", arguments: { path: "a.txt", content: "one\n" } }]),
      textResponse("wrote a"),
    ]);
    expect((await runGong(["-p", "write a.txt"], box)).code).toBe(0);
    const { ANTHROPIC_API_KEY: _, ...env } = box.env;
    const keyless = { ...box, env };

    const listed = await runGong(["--rewind", "-c", "--mode", "json"], keyless);
    expect(listed.stderr).toBe("");
    expect(listed.code).toBe(0);
    const { checkpoints } = JSON.parse(listed.stdout) as { checkpoints: { entryId: string }[] };
    const rewound = await runGong(["--rewind", checkpoints[0]!.entryId, "-c", "--yes"], keyless);
    expect(rewound.stderr).toBe("");
    expect(rewound.code).toBe(0);
    expect(existsSync(path.join(box.cwd, "a.txt"))).toBe(false);
    expect(mock.requests).toHaveLength(2);
  });
});
