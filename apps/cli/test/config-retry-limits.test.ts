import path from "node:path";
import { overloadedResponse, textResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { runGong, sandbox, writeJson, writeSettings } from "./harness.js";

const mock = useMockLlmServer();

const warnings = (stderr: string) =>
  stderr.split("\n").filter((line) => line.startsWith("gong: warning: "));

describe("security — retry settings cannot make a request storm", () => {
  it("maxRetries 100000 with 1 ms delays: three warnings, the defaults apply (one retry after 2 s)", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const file = path.join(box.gongHome, "settings.json");
    writeSettings(box.gongHome, { retry: { maxRetries: 100000, baseDelayMs: 1, maxDelayMs: 1 } });
    mock.enqueue([overloadedResponse(), textResponse("Made it.")]);
    const run = await runGong(["-p", "hi"], box);
    expect(run.code).toBe(0);
    expect(mock.requests).toHaveLength(2);
    expect(warnings(run.stderr)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^gong: warning: ${file}:\\d+:\\d+: "retry.maxRetries" must be a whole number from 0 to 10 \\(found 100000\\); the key was ignored$`,
        ),
      ),
      expect.stringContaining('"retry.baseDelayMs" must be a whole number from 100 to 60000'),
      expect.stringContaining('"retry.maxDelayMs" must be a whole number from 100 to 300000'),
    ]);
    expect(run.stderr).toContain("retrying in 2 s (attempt 1 of 3)");
    expect(run.ms).toBeGreaterThanOrEqual(1900);
  });

  it("an untrusted project's retry is skipped and named in the trust warning", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, { retry: { maxRetries: 0 } });
    writeJson(path.join(box.cwd, ".gong", "settings.json"), {
      retry: { maxRetries: 10, baseDelayMs: 100, maxDelayMs: 100 },
    });
    mock.enqueue([overloadedResponse(), overloadedResponse(), textResponse("Made it.")]);
    const run = await runGong(["-p", "hi"], box);
    expect(run.code).not.toBe(0);
    expect(mock.requests).toHaveLength(1);
    expect(run.stderr).toContain(
      "gong: warning: this folder is not trusted: skipped retry from .gong/settings.json; run gong --trust here to load them\n",
    );
  });

  it("the retry line says the real delay: 250 ms, not 1 s", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, { retry: { baseDelayMs: 250 } });
    mock.enqueue([overloadedResponse(), textResponse("Made it.")]);
    const run = await runGong(["-p", "hi"], box);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe(
      "gong: the provider is overloaded; retrying in 250 ms (attempt 1 of 3)\n",
    );
  });
});
