import { htmlResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { type Api, complete } from "../src/index.js";
import { mockModel, userMessage } from "./helpers.js";

const mock = useMockLlmServer();

const ENDPOINTS: [Api, string][] = [
  ["anthropic-messages", "Anthropic Messages"],
  ["openai-completions", "OpenAI Chat Completions"],
  ["openai-responses", "OpenAI Responses"],
];

const baseUrlFor = (api: Api) =>
  api === "anthropic-messages" ? mock.anthropicBaseUrl : mock.openaiBaseUrl;
const ask = (api: Api) =>
  complete(mockModel(api, baseUrlFor(api)), { messages: [userMessage("hi")] }, { apiKey: "k" });

/** A proxy's error page: a title, then ~108 KB of markup. */
function bigPage(title: string): string {
  const filler = '<div class="x">padding</div>\n'.repeat(3800);
  return `<!DOCTYPE html>\n<html><head><title>${title}</title></head>\n<body>${filler}</body></html>\n`;
}

describe.each(ENDPOINTS)("providers that answer strangely — %s", (api, endpointName) => {
  it("an HTML 502 page is summarised in one line: status, title, URL", async () => {
    const page = bigPage("502 Bad Gateway");
    expect(page.length).toBeGreaterThan(100_000);
    mock.enqueue(htmlResponse(502, page));
    const message = await ask(api);
    expect(message.stopReason).toBe("error");
    expect(message.errorKind).toBe("server");
    expect(message.errorMessage).not.toContain("\n");
    expect(message.errorMessage!.length).toBeLessThan(300);
    expect(message.errorMessage).toContain("502");
    expect(message.errorMessage).toContain('HTML page titled "502 Bad Gateway"');
    expect(message.errorMessage).toContain(baseUrlFor(api));
  });

  it("a 200 that is not the provider's stream says which endpoint it did not answer as", async () => {
    mock.enqueue(htmlResponse(200, bigPage("Sign in to the corporate proxy")));
    const message = await ask(api);
    expect(message.stopReason).toBe("error");
    expect(message.errorMessage).not.toContain("\n");
    expect(message.errorMessage!.length).toBeLessThan(300);
    expect(message.errorMessage).toContain(
      `the server at ${baseUrlFor(api)} did not answer as an ${endpointName} endpoint`,
    );
    expect(message.errorMessage).not.toMatch(/check the network/);
  });
});
