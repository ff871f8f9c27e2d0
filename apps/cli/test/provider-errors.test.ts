import { htmlResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { runGong, sandbox, writeSettings } from "./harness.js";

const mock = useMockLlmServer();

/** A proxy's page: a title, then ~108 KB of markup. */
function bigPage(title: string): string {
  const filler = '<div class="x">padding</div>\n'.repeat(3800);
  return `<!DOCTYPE html>\n<html><head><title>${title}</title></head>\n<body>${filler}</body></html>\n`;
}

/** An Anthropic endpoint at another URL: it gets no key from the environment, so one is given. */
function anthropicAt(baseUrl: string): string[] {
  return ["--provider", "anthropic", "--api-key", "sk-ant-test", "--base-url", baseUrl];
}

describe("providers that answer strangely — gong -p --base-url", () => {
  it("a proxy's 108 KB 502 page is a one-line error under 300 characters, exit 1", async () => {
    const box = sandbox("http://127.0.0.1:9");
    writeSettings(box.gongHome, { retry: { maxRetries: 0 } });
    mock.enqueue(htmlResponse(502, bigPage("502 Bad Gateway")));
    const run = await runGong(["-p", ...anthropicAt(mock.anthropicBaseUrl), "hi"], box);
    expect(run.code).toBe(1);
    const error = run.stderr.trimEnd();
    expect(error.split("\n")).toHaveLength(1);
    expect(error.length).toBeLessThan(300);
    expect(error).toContain("502: the server at");
    expect(error).toContain('an HTML page titled "502 Bad Gateway"');
  });

  it("a login portal's 200 page says the server is not an Anthropic Messages endpoint, exit 1", async () => {
    const box = sandbox("http://127.0.0.1:9");
    mock.enqueue(htmlResponse(200, bigPage("Sign in to the network")));
    const run = await runGong(["-p", ...anthropicAt(mock.anthropicBaseUrl), "hi"], box);
    expect(run.code).toBe(1);
    const error = run.stderr.trimEnd();
    expect(error.split("\n")).toHaveLength(1);
    expect(error.length).toBeLessThan(300);
    expect(error).toContain(
      `the server at ${mock.anthropicBaseUrl} did not answer as an Anthropic Messages endpoint`,
    );
    expect(mock.requests).toHaveLength(1);
  });
});

describe("providers that accept and never answer — the idle timeout", () => {
  it("is retried once, not three times, and the final line says once which setting to raise", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    // 2 s, not less: on a loaded machine the mock must read each request whole before
    // gong gives up on it, or the request is never counted.
    writeSettings(box.gongHome, { streamIdleTimeoutMs: 2000, retry: { baseDelayMs: 100 } });
    for (let i = 0; i < 4; i++)
      mock.enqueue({ type: "response", content: [], stallBeforeResponse: true });
    const run = await runGong(["-p", "hi"], box);
    expect(run.code).toBe(1);
    expect(mock.requests).toHaveLength(2);
    const lines = run.stderr.trimEnd().split("\n");
    const final = lines.at(-1)!;
    expect(final).toContain("streamIdleTimeoutMs");
    // Said once: no phrase of the final line repeated within it.
    expect(final.match(/no data/gi)).toHaveLength(1);
    expect(final.match(/retry/gi)).toHaveLength(2); // "retry, or raise …" and "Gave up after 1 retry"
    expect(lines.filter((line) => line.includes("retrying"))).toEqual([
      expect.stringContaining("(attempt 1 of 1)"),
    ]);
    expect(final.match(/streamIdleTimeoutMs/g)).toHaveLength(1);
  });
});
