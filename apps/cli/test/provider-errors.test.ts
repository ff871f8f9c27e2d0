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

describe("providers that answer strangely — gong -p --base-url", () => {
  it("a proxy's 108 KB 502 page is a one-line error under 300 characters, exit 1", async () => {
    const box = sandbox("http://127.0.0.1:9");
    writeSettings(box.gongHome, { retry: { maxRetries: 0 } });
    mock.enqueue(htmlResponse(502, bigPage("502 Bad Gateway")));
    const run = await runGong(["-p", "--base-url", mock.anthropicBaseUrl, "hi"], box);
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
    const run = await runGong(["-p", "--base-url", mock.anthropicBaseUrl, "hi"], box);
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
